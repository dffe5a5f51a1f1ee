package io.rtbench.servers.local;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.ServerUnavailableException;
import java.util.EnumMap;
import java.util.Map;

/**
 * The {@code local} provider (spec section 7): Kafka and Connect in this JVM, the databases and Prometheus as child
 * processes on 127.0.0.1, each with its files in a temp dir and its log in a file. Needs no Docker.
 */
public final class LocalServerProvider implements ServerProvider {

    private final Map<ServerKind, LocalServerFactory> factories = new EnumMap<>(ServerKind.class);

    public LocalServerProvider() {
        factories.put(ServerKind.OPENSEARCH, new SearchEngineFactory(SearchEngine.OPENSEARCH));
        factories.put(ServerKind.ELASTICSEARCH, new SearchEngineFactory(SearchEngine.ELASTICSEARCH));
        factories.put(ServerKind.CLICKHOUSE, new ClickHouseFactory());
        factories.put(ServerKind.POSTGRES, new PostgresFactory());
        factories.put(ServerKind.PROMETHEUS, new PrometheusFactory());
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public RunningServer start(ServerKind kind, ServerOptions options) {
        LocalServerFactory factory = factories.get(kind);
        if (factory == null) {
            throw new ServerUnavailableException("the local provider cannot start " + kind.cliName() + " yet");
        }
        return factory.start(options);
    }
}
