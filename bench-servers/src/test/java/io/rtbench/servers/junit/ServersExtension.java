package io.rtbench.servers.junit;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.ServerUnavailableException;
import io.rtbench.servers.Servers;
import java.util.HashMap;
import java.util.Map;
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
        return parameter.isAnnotated(RealServer.class)
                && parameter.getParameter().getType().isAssignableFrom(RunningServer.class);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        ServerKind kind = ServerKind.fromCliName(parameter
                .findAnnotation(RealServer.class)
                .orElseThrow(() -> new ParameterResolutionException("missing @RealServer"))
                .value());
        return server(kind, context);
    }

    /** The shared server of a kind, started on first use. Also usable from code that is not a parameter. */
    public static RunningServer server(ServerKind kind, ExtensionContext context) {
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        // Resolved before the dependent server is stored: the root store closes its values in reverse order of
        // insertion, so a Connect worker stops before the Kafka it talks to.
        ServerOptions options = options(kind, context);
        Started started = store.getOrComputeIfAbsent(kind, k -> start(kind, options, System.getenv()), Started.class);
        return started.get(kind);
    }

    private static ServerOptions options(ServerKind kind, ExtensionContext context) {
        if (!kind.equals(ServerKind.CONNECT)) {
            return ServerOptions.DEFAULT;
        }
        Map<String, String> settings = new HashMap<>();
        settings.put("bootstrap.servers", server(ServerKind.KAFKA, context).address());
        String pluginPath = System.getProperty(CONNECT_PLUGIN_PATH_PROPERTY, "");
        if (!pluginPath.isBlank()) {
            settings.put("plugin.path", pluginPath);
        }
        return new ServerOptions(0, settings);
    }

    private static Started start(ServerKind kind, ServerOptions options, Map<String, String> env) {
        try {
            ServerProvider provider = Servers.provider(env);
            return new Started(provider.start(kind, options), null);
        } catch (ServerUnavailableException e) {
            return new Started(null, e);
        }
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
