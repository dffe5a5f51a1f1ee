package io.rtbench.servers;

import io.rtbench.core.Bounds;
import java.util.Map;
import java.util.Optional;

/**
 * How to start a server.
 *
 * @param port the client port, or 0 for a free port on 127.0.0.1
 * @param settings kind-specific settings, e.g. {@code bootstrap.servers} and {@code plugin.path} for Connect
 */
public record ServerConfig(int port, Map<String, String> settings) {

    public static final ServerConfig DEFAULT = new ServerConfig(0, Map.of());

    public ServerConfig {
        Bounds.between("--port", 0, 65535, port);
        settings = settings == null ? Map.of() : Map.copyOf(settings);
    }

    public static ServerConfig onPort(int port) {
        return new ServerConfig(port, Map.of());
    }

    public Optional<String> setting(String name) {
        return Optional.ofNullable(settings.get(name));
    }
}
