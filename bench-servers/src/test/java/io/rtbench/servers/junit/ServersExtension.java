package io.rtbench.servers.junit;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.ServerUnavailableException;
import io.rtbench.servers.Servers;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.opentest4j.TestAbortedException;

/**
 * Hands integration tests their real servers. One server per kind per test JVM, started on first use and stopped when
 * the JVM's test run ends, so that a slow server (OpenSearch: ~20 s) starts once for all test classes.
 *
 * <p>A server that cannot be had skips the test with the reason, unless {@code RTBENCH_REQUIRE_SERVERS=1}, where it
 * fails it. Subclass-free: tests declare {@code @ExtendWith(ServersExtension.class)} and a parameter
 * {@code @RealServer("kafka") RunningServer kafka}.
 *
 * <p>A test that kills, pauses or restarts its server asks for one of its own with {@link OwnServer}: started for that
 * test method and stopped when it ends, so that the shared servers stay whole for the tests running beside it (the
 * suite runs test classes in parallel: docs/TESTING.md).
 *
 * <p>A Connect worker needs a Kafka: asking for {@link ServerKind#CONNECT} first gets (or starts) the shared
 * {@link ServerKind#KAFKA} and hands the worker its address as {@code bootstrap.servers}, and the plugin path from the
 * system property {@value #CONNECT_PLUGIN_PATH_PROPERTY} when set. No Kafka, no Connect: the test skips (or fails) with
 * Kafka's reason.
 */
public final class ServersExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(ServersExtension.class);

    /** Where the Connect worker finds plugins ({@code plugin.path}), e.g. rtbench's own sink plugin directory. */
    public static final String CONNECT_PLUGIN_PATH_PROPERTY = "rtbench.connect.plugin.path";

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return (parameter.isAnnotated(RealServer.class) || parameter.isAnnotated(OwnServer.class))
                && parameter.getParameter().getType().isAssignableFrom(RunningServer.class);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Optional<OwnServer> own = parameter.findAnnotation(OwnServer.class);
        if (own.isPresent()) {
            return ownServer(own.get(), parameter, context);
        }
        ServerKind kind = ServerKind.fromCliName(parameter
                .findAnnotation(RealServer.class)
                .orElseThrow(() -> new ParameterResolutionException("missing @RealServer"))
                .value());
        return server(kind, context);
    }

    /**
     * A server of the test's own, kept in the test method's store: JUnit closes it when the method ends, also when the
     * test failed.
     */
    private static RunningServer ownServer(OwnServer own, ParameterContext parameter, ExtensionContext context) {
        ServerKind kind = ServerKind.fromCliName(own.value());
        Map<String, String> settings = new HashMap<>(options(kind, context).settings());
        for (String setting : own.settings()) {
            int equals = setting.indexOf('=');
            if (equals < 1) {
                throw new ParameterResolutionException("@OwnServer setting '" + setting + "' is not key=value");
            }
            settings.put(setting.substring(0, equals), setting.substring(equals + 1));
        }
        Started started = start(kind, new ServerConfig(0, settings), System.getenv());
        context.getStore(NAMESPACE).put("own-" + parameter.getIndex(), started);
        return started.get(kind);
    }

    /** The shared server of a kind, started on first use. Also usable from code that is not a parameter. */
    public static RunningServer server(ServerKind kind, ExtensionContext context) {
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        // Resolved before the dependent server is stored: the root store closes its values in reverse order of
        // insertion, so a Connect worker stops before the Kafka it talks to.
        ServerConfig options = options(kind, context);
        Started started = store.getOrComputeIfAbsent(kind, k -> start(kind, options, System.getenv()), Started.class);
        return started.get(kind);
    }

    private static ServerConfig options(ServerKind kind, ExtensionContext context) {
        if (!kind.equals(ServerKind.CONNECT)) {
            return ServerConfig.DEFAULT;
        }
        Map<String, String> settings = new HashMap<>();
        settings.put("bootstrap.servers", server(ServerKind.KAFKA, context).address());
        String pluginPath = System.getProperty(CONNECT_PLUGIN_PATH_PROPERTY, "");
        if (!pluginPath.isBlank()) {
            settings.put("plugin.path", pluginPath);
        }
        return new ServerConfig(0, settings);
    }

    private static Started start(ServerKind kind, ServerConfig options, Map<String, String> env) {
        try {
            ServerProvider provider = Servers.provider(env);
            return new Started(provider.start(kind, forTests(kind, provider, options)), null);
        } catch (ServerUnavailableException e) {
            return new Started(null, e);
        }
    }

    /**
     * A local search engine's JVM compiles with C1 only ({@code -XX:TieredStopAtLevel=1}): it starts on half the CPU
     * (OpenSearch 3.8: 11-13 s instead of 21-22 s, Elasticsearch 9.2: 9 s instead of 16 s, measured here), which the
     * tests running beside it get instead; no test measures a search engine's peak speed. A setting of the test's own
     * wins.
     */
    static ServerConfig forTests(ServerKind kind, ServerProvider provider, ServerConfig options) {
        boolean searchEngine = Set.of("opensearch", "elasticsearch").contains(kind.cliName());
        if (!searchEngine
                || !provider.name().equals("local")
                || options.settings().containsKey("jvm.options")) {
            return options;
        }
        Map<String, String> settings = new HashMap<>(options.settings());
        settings.put("jvm.options", "-XX:TieredStopAtLevel=1");
        return new ServerConfig(options.port(), settings);
    }

    /** A server, or why there is none; closed by JUnit with the root context (JUnit 5.13+ closes AutoCloseables). */
    private record Started(RunningServer server, ServerUnavailableException failure) implements AutoCloseable {

        RunningServer get(ServerKind kind) {
            if (server != null) {
                return server;
            }
            String reason = "no real " + kind.cliName() + " server: " + failure.getMessage();
            if (Servers.required(System.getenv())) {
                throw new IllegalStateException(reason + " (" + Servers.REQUIRE_ENV + "=1)", failure);
            }
            throw new TestAbortedException(reason);
        }

        @Override
        public void close() {
            if (server != null) {
                server.close();
            }
        }
    }
}
