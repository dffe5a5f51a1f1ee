package io.rtbench.servers.docker;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** PUT and POST for the tests; GET is {@link Containers#get}. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private Http() {}

    static String post(String url, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    static String put(String url, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    private static String send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException(response.uri() + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }
}
