package io.rtbench.servers.local;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Plain HTTP to a local server, for readiness checks and version queries; no server needs more here. */
final class LocalHttp {

    /** An HTTP answer: status code and body. */
    record Response(int status, String body) {
        boolean ok() {
            return status == 200;
        }
    }

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    /** Short, so that a port that accepts but never answers (another program's) cannot stall a readiness poll. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .connectTimeout(CONNECT_TIMEOUT)
            .version(HttpClient.Version.HTTP_1_1)
            .build();

    private LocalHttp() {}

    static Response get(String url) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url)).GET(), REQUEST_TIMEOUT);
    }

    static Response post(String url, String body) throws IOException, InterruptedException {
        return send(
                HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body)),
                REQUEST_TIMEOUT);
    }

    /** Whether GET {@code url} answers 200 soon: a readiness probe. */
    static boolean answersOk(String url) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url)).GET(), PROBE_TIMEOUT)
                .ok();
    }

    private static Response send(HttpRequest.Builder request, Duration timeout)
            throws IOException, InterruptedException {
        HttpResponse<String> response =
                CLIENT.send(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), response.body());
    }

    /** The body of a 200 answer to GET {@code url}. */
    static String getOk(String url) throws IOException, InterruptedException {
        return bodyIfOk("GET", url, get(url));
    }

    /** The body of a 200 answer to POST {@code body} to {@code url}. */
    static String postOk(String url, String body) throws IOException, InterruptedException {
        return bodyIfOk("POST", url, post(url, body));
    }

    private static String bodyIfOk(String method, String url, Response response) throws IOException {
        if (!response.ok()) {
            throw new IOException(method + " " + url + " answered " + response.status() + ": " + response.body());
        }
        return response.body();
    }
}
