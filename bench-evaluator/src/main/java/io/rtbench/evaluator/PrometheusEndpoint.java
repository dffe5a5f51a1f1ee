package io.rtbench.evaluator;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.engine.RunResources;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;

/**
 * Serves the evaluator's metrics for Prometheus at {@code http://HOST:PORT/metrics}; binds 127.0.0.1 unless told
 * otherwise, so that a benchmark does not expose an endpoint to the network by accident.
 */
public final class PrometheusEndpoint implements AutoCloseable {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final HttpServer server;

    public PrometheusEndpoint(String host, int port) {
        try {
            server = HttpServer.create(new InetSocketAddress(host, port), 0);
        } catch (IOException e) {
            throw cannotServe(host, port, e);
        }
        server.createContext("/metrics", exchange -> {
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /**
     * Fails now, with the line a run would fail with later, when {@code host:port} cannot be bound: a run checks before
     * it starts its servers, not after (a quickstart spent 31 s starting Kafka and OpenSearch first). Port 0: nothing.
     */
    public static void requireFree(String host, int port) {
        if (port <= 0) {
            return;
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw cannotServe(host, port, e);
        }
    }

    private static BenchmarkException cannotServe(String host, int port, IOException e) {
        return new BenchmarkException(
                "cannot serve Prometheus metrics on " + host + ":" + port + " (" + e.getMessage()
                        + "); choose another --prometheus-port",
                e);
    }

    /**
     * The meters of a run: served on {@code host:port} for as long as the run lasts, or kept in memory with port 0.
     * Opening the endpoint is part of opening the run, so a busy port ends it at once with one line.
     */
    public static MeterRegistry forRun(RunResources run, String host, int port) {
        return port > 0 ? run.own(new PrometheusEndpoint(host, port)).registry() : new SimpleMeterRegistry();
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        registry.close();
    }
}
