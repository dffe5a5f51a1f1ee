package io.rtbench.servers;

import io.rtbench.servers.docker.DockerImages;

/**
 * How one kind of real server starts, with each provider: {@code local} (a child process or in this JVM, on a free port
 * of 127.0.0.1, no Docker) and {@code docker} (Testcontainers, from the image {@link DockerImages} names). Registered in
 * {@code META-INF/services/io.rtbench.servers.ServerRecipe}; {@code rtbench servers}, {@code --servers local} and the
 * tests' servers extension know exactly the registered kinds. docs/ADDING-A-TARGET.md walks through writing one.
 */
public interface ServerRecipe {

    ServerKind kind();

    /** One line for {@code rtbench servers --help}, e.g. {@code ClickHouse from Debian's clickhouse-server}. */
    String description();

    /**
     * Start order, low first; servers stop in the reverse order. Kafka is 0, Connect 1 (it needs Kafka), databases 2
     * (the default), Prometheus 3 (it scrapes the others).
     */
    default int startRank() {
        return 2;
    }

    /**
     * Whether the server {@link #startLocal} starts can be stopped and started again on the same port with its data
     * kept ({@link RunningServer#restartable()}; faults {@code target-restart} and {@code broker-restart},
     * docs/MEASUREMENT.md, "Freshness under faults"). None by default.
     */
    default boolean restartsLocally() {
        return false;
    }

    /**
     * Whether the container {@link #startDocker} starts can be stopped and started again on the same port with its data
     * kept ({@link RunningServer#restartable()}; fault {@code target-restart}, docs/DOCKER.md). None by default.
     */
    default boolean restartsInContainer() {
        return false;
    }

    /**
     * Starts the server on this machine and waits until it accepts clients.
     *
     * @throws ServerUnavailableException when this machine cannot run it, saying what is missing and how to get it
     */
    RunningServer startLocal(ServerConfig options);

    /** Starts the server in a container and waits until it accepts clients; addresses are on 127.0.0.1 as locally. */
    RunningServer startDocker(DockerImages images, ServerConfig options);
}
