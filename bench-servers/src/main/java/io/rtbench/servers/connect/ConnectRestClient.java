package io.rtbench.servers.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;

/**
 * A small client of the Kafka Connect REST API: deploys a connector from its definition, waits until the connector and
 * all its tasks run (or reports the failure in one line), and deletes it. Works with any connector.
 *
 * <p>Every request is bounded by the request timeout; errors are {@link ConnectRestException}s with one-line messages.
 */
public final class ConnectRestClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration POLL_INTERVAL = Duration.ofMillis(250);

    private final URI baseUrl;
    private final Duration requestTimeout;
    private final HttpClient http;

    /**
     * @param baseUrl the worker's REST address, e.g. {@code http://127.0.0.1:8083}
     * @param requestTimeout upper bound of each request, connecting included
     */
    public ConnectRestClient(URI baseUrl, Duration requestTimeout) {
        String text = baseUrl.toString();
        this.baseUrl = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
        this.requestTimeout = requestTimeout;
        this.http = HttpClient.newBuilder()
                .connectTimeout(requestTimeout)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /**
     * Creates the connector, or updates its config if it exists ({@code PUT /connectors/{name}/config}). The worker
     * validates the config first: a missing plugin or an invalid setting fails here with the worker's reason.
     */
    public void deploy(ConnectorDefinition connector) {
        HttpResponse<String> response = send(
                "deploying connector " + connector.name(),
                request("/connectors/" + encode(connector.name()) + "/config")
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString(connector.configJson())));
        if (response.statusCode() != 200 && response.statusCode() != 201) {
            throw failed("deploying connector " + connector.name(), response);
        }
    }

    /** The connector's current state; empty when the worker does not know it (not deployed, or not started yet). */
    public Optional<ConnectorStatus> status(String name) {
        HttpResponse<String> response =
                send("reading the status of connector " + name, request("/connectors/" + encode(name) + "/status"));
        if (response.statusCode() == 404 || rebalancing(response)) {
            return Optional.empty();
        }
        if (response.statusCode() != 200) {
            throw failed("reading the status of connector " + name, response);
        }
        return Optional.of(ConnectorStatus.fromJson(parse(response.body())));
    }

    /**
     * Waits until the connector and all its tasks are {@code RUNNING}: as many tasks as the connector has.
     *
     * @return the running status
     * @throws ConnectRestException at once when the connector or a task FAILED (one line with the trace summarized),
     *     or after {@code timeout} with the states seen last
     */
    public ConnectorStatus awaitRunning(String name, Duration timeout) {
        // The status lists tasks as they start: all of them only once it has as many as the connector has.
        return await(
                name,
                "running",
                status -> status.isRunning()
                        && taskCount(name).stream()
                                .anyMatch(tasks -> status.tasks().size() >= tasks),
                timeout);
    }

    /**
     * Waits until the connector's status meets {@code condition}.
     *
     * @param what the condition in a few words, for the message: {@code connector NAME is not WHAT after N s}
     * @return the status that met it
     * @throws ConnectRestException at once when the connector or a task FAILED (one line with the trace summarized),
     *     or after {@code timeout} with the states seen last
     */
    public ConnectorStatus await(String name, String what, Predicate<ConnectorStatus> condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Optional<ConnectorStatus> last = Optional.empty();
        while (true) {
            last = status(name);
            if (last.isPresent()) {
                ConnectorStatus status = last.get();
                Optional<String> failure = status.failure();
                if (failure.isPresent()) {
                    throw new ConnectRestException(failure.get());
                }
                if (condition.test(status)) {
                    return status;
                }
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new ConnectRestException("connector " + name + " is not " + what + " after "
                        + timeout.toSeconds() + " s: "
                        + last.map(ConnectorStatus::describe).orElse("the worker does not know it")
                        + "; check the worker's log");
            }
            sleep(POLL_INTERVAL);
        }
    }

    /**
     * How many tasks the connector has ({@code GET /connectors/{name}}); 0 while it has none yet, empty while the worker
     * cannot say because a rebalance is under way (right after the connector was created, the worker answered "HTTP
     * 500: Request cannot be completed because a rebalance is expected", and the wait failed at once).
     */
    OptionalInt taskCount(String name) {
        HttpResponse<String> response = send("reading connector " + name, request("/connectors/" + encode(name)));
        if (response.statusCode() == 404) {
            return OptionalInt.of(0);
        }
        if (rebalancing(response)) {
            return OptionalInt.empty();
        }
        if (response.statusCode() != 200) {
            throw failed("reading connector " + name, response);
        }
        return OptionalInt.of(parse(response.body()).path("tasks").size());
    }

    /**
     * Whether the worker refused a request for a moment: a rebalance is expected or under way (HTTP 409, or 500 with
     * "rebalance" in its message), which ends by itself.
     */
    private static boolean rebalancing(HttpResponse<String> response) {
        int code = response.statusCode();
        return code == 409
                || (code == 500
                        && response.body().toLowerCase(java.util.Locale.ROOT).contains("rebalance"));
    }

    /** Deletes the connector (its tasks stop); nothing if it does not exist. */
    public void delete(String name) {
        HttpResponse<String> response = send(
                "deleting connector " + name,
                request("/connectors/" + encode(name)).DELETE());
        if (response.statusCode() != 204 && response.statusCode() != 200 && response.statusCode() != 404) {
            throw failed("deleting connector " + name, response);
        }
    }

    /** The connector plugins installed on the worker: class name → version. */
    public Map<String, String> connectorPlugins() {
        HttpResponse<String> response = send("listing connector plugins", request("/connector-plugins"));
        if (response.statusCode() != 200) {
            throw failed("listing connector plugins", response);
        }
        Map<String, String> versions = new LinkedHashMap<>();
        for (JsonNode plugin : parse(response.body())) {
            versions.put(plugin.path("class").asText(), plugin.path("version").asText());
        }
        return versions;
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(requestTimeout)
                .header("Accept", "application/json");
    }

    private HttpResponse<String> send(String what, HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpConnectTimeoutException | ConnectException e) {
            throw new ConnectRestException(
                    "Kafka Connect at " + baseUrl + ": " + what + " failed: cannot connect ("
                            + e.getClass().getSimpleName() + "); check that the worker runs and its REST address",
                    e);
        } catch (HttpTimeoutException e) {
            throw new ConnectRestException(
                    "Kafka Connect at " + baseUrl + ": " + what + " failed: no answer within "
                            + requestTimeout.toMillis() + " ms; check the worker's log and load",
                    e);
        } catch (IOException e) {
            throw new ConnectRestException(
                    "Kafka Connect at " + baseUrl + ": " + what + " failed: " + oneLine(String.valueOf(e.getMessage())),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectRestException("Kafka Connect at " + baseUrl + ": " + what + " interrupted", e);
        }
    }

    /** The worker's own message ({@code {"error_code":…,"message":…}}) in one line. */
    private ConnectRestException failed(String what, HttpResponse<String> response) {
        String message;
        try {
            message = parse(response.body()).path("message").asText(response.body());
        } catch (ConnectRestException e) {
            message = response.body();
        }
        return new ConnectRestException("Kafka Connect at " + baseUrl + ": " + what + " failed: HTTP "
                + response.statusCode() + ": " + oneLine(message));
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new ConnectRestException("Kafka Connect answered with something that is not JSON: " + oneLine(body));
        }
    }

    static String oneLine(String text) {
        String line = text.replaceAll("\\s+", " ").strip();
        return line.length() <= 600 ? line : line.substring(0, 600) + "…";
    }

    private static String encode(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectRestException("interrupted while waiting for a connector", e);
        }
    }
}
