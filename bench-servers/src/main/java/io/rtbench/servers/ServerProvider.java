package io.rtbench.servers;

/**
 * Starts real servers. Two providers (docs/TARGETS.md): {@code local} (child processes, in-JVM Kafka and Connect) and
 * {@code docker} (Testcontainers).
 */
public interface ServerProvider {

    /** {@code local} or {@code docker}. */
    String name();

    /**
     * Starts a server and waits until it accepts clients.
     *
     * @throws ServerUnavailableException when this machine cannot run it (e.g. a package is not installed); the
     *     message says what is missing and how to get it
     */
    RunningServer start(ServerKind kind, ServerConfig options);
}
