package io.rtbench.servers.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a scripted worker: what a Connect worker answers while it rebalances. */
class ConnectRestClientTest {

    private static final String RUNNING = "{\"name\":\"s\",\"connector\":{\"state\":\"RUNNING\",\"worker_id\":\"w:1\"},"
            + "\"tasks\":[{\"id\":0,\"state\":\"RUNNING\",\"worker_id\":\"w:1\"}],\"type\":\"sink\"}";
    private static final String REBALANCING =
            "{\"error_code\":500,\"message\":\"Request cannot be completed because a rebalance is expected\"}";

    private HttpServer worker;
    private final AtomicInteger connectorReads = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        worker = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        worker.createContext("/connectors/s/status", exchange -> answer(exchange, 200, RUNNING));
        worker.start();
    }

    @AfterEach
    void stop() {
        worker.stop(0);
    }

    /** Right after a connector was created its worker answered 500 "a rebalance is expected": the wait goes on. */
    @Test
    void aRebalanceWhileWaitingForTheTasksIsWaitedOut() {
        worker.createContext("/connectors/s", exchange -> {
            boolean rebalancing = connectorReads.incrementAndGet() <= 2;
            answer(exchange, rebalancing ? 500 : 200, rebalancing ? REBALANCING : "{\"name\":\"s\",\"tasks\":[{}]}");
        });

        ConnectorStatus status = client().awaitRunning("s", Duration.ofSeconds(10));

        assertThat(status.isRunning()).isTrue();
        assertThat(connectorReads).as("two refusals, then the answer").hasValue(3);
    }

    /** Any other server error is the worker's, said in one line at once. */
    @Test
    void anotherServerErrorFailsTheWaitAtOnce() {
        worker.createContext(
                "/connectors/s", exchange -> answer(exchange, 500, "{\"error_code\":500,\"message\":\"disk full\"}"));

        assertThatThrownBy(() -> client().awaitRunning("s", Duration.ofSeconds(10)))
                .isInstanceOf(ConnectRestException.class)
                .hasMessageEndingWith("reading connector s failed: HTTP 500: disk full");
    }

    /** A wait for a condition of the status (a task on a given worker) ends when it holds, or says what it saw last. */
    @Test
    void aWaitForAConditionEndsWhenItHoldsOrSaysTheStatesSeenLast() {
        ConnectorStatus onW1 = client().await(
                        "s",
                        "on w:1",
                        status -> status.tasks().stream().allMatch(task -> "w:1".equals(task.workerId())),
                        Duration.ofSeconds(5));
        assertThat(onW1.tasks()).hasSize(1);

        assertThatThrownBy(() -> client().await(
                                "s",
                                "running a task on w:2",
                                status -> status.tasks().stream().anyMatch(task -> "w:2".equals(task.workerId())),
                                Duration.ofMillis(300)))
                .isInstanceOf(ConnectRestException.class)
                .hasMessage("connector s is not running a task on w:2 after 0 s: connector RUNNING, tasks 0 RUNNING;"
                        + " check the worker's log");
    }

    private ConnectRestClient client() {
        return new ConnectRestClient(
                URI.create("http://127.0.0.1:" + worker.getAddress().getPort()), Duration.ofSeconds(5));
    }

    private static void answer(HttpExchange exchange, int code, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(code, bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
