package io.rtbench.connectors.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The time bound and failure handling of every HTTP driver call, against misbehaving loopback servers. */
class HttpEndpointIT {

    private static final Duration TIMEOUT = Duration.ofMillis(700);

    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable resource : resources) {
            resource.close();
        }
    }

    /** A loopback server that handles each connection with {@code handler} on its own thread. */
    private URI server(Consumer<Socket> handler) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        resources.add(server);
        Thread acceptor = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    resources.add(socket);
                    Thread connection = new Thread(() -> handler.accept(socket));
                    connection.setDaemon(true);
                    connection.start();
                } catch (IOException e) {
                    return;
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    private HttpEndpoint endpoint(URI url) {
        HttpEndpoint endpoint =
                new HttpEndpoint(new TargetConfig("opensearch", url, "events", Credentials.NONE, TIMEOUT, Map.of()));
        resources.add(endpoint);
        return endpoint;
    }

    @Test
    void aServerThatNeverAnswersFailsTheCallAtTheTimeout() throws Exception {
        HttpEndpoint endpoint = endpoint(server(socket -> readRequest(socket)));
        long start = System.nanoTime();

        assertThatThrownBy(() -> endpoint.send("GET", "/", null, null, "probe"))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("probe failed: no answer within 700 ms");

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(TIMEOUT, TIMEOUT.plusMillis(500));
    }

    @Test
    void aBodyThatNeverEndsIsBoundedToo() throws Exception {
        HttpEndpoint endpoint = endpoint(server(socket -> {
            readRequest(socket);
            write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"partial\":");
        }));
        long start = System.nanoTime();

        assertThatThrownBy(() -> endpoint.send("GET", "/", null, null, "audit"))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("audit failed: no answer within 700 ms");

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(TIMEOUT.plusMillis(500));
    }

    @Test
    void aConnectionClosedWithoutAnAnswerIsRetriedOnceThenReported() throws Exception {
        AtomicInteger connections = new AtomicInteger();
        HttpEndpoint endpoint = endpoint(server(socket -> {
            readRequest(socket);
            if (connections.incrementAndGet() == 1) {
                closeQuietly(socket);
            } else {
                write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            }
        }));

        assertThat(endpoint.send("POST", "/x", new byte[] {1}, null, "write").text())
                .isEqualTo("ok");
        assertThat(connections).hasValue(2);
    }

    @Test
    void credentialsRejectedAreReportedWithoutTheCredentials() throws Exception {
        URI url = server(socket -> {
            readRequest(socket);
            write(socket, "HTTP/1.1 401 Unauthorized\r\nContent-Length: 12\r\n\r\nunauthorized");
        });
        HttpEndpoint endpoint = new HttpEndpoint(new TargetConfig(
                "elasticsearch", url, "events", new Credentials("elastic", "hunter2", null), TIMEOUT, Map.of()));
        resources.add(endpoint);

        assertThatThrownBy(() -> endpoint.send("GET", "/", null, null, "probe"))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("credentials rejected (HTTP 401: unauthorized)")
                .hasMessageNotContaining("hunter2");
    }

    private static void readRequest(Socket socket) {
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            in.read(buffer);
        } catch (IOException e) {
            // the client gave up; nothing to answer
        }
    }

    private static void write(Socket socket, String text) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(text.getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException e) {
            // the client gave up
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
