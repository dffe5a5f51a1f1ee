package io.rtbench.servers;

import io.rtbench.core.fault.Pausable;
import io.rtbench.core.fault.Restartable;
import io.rtbench.core.utilisation.ThreadGroupCpu;
import io.rtbench.core.utilisation.UtilisationSource;
import io.rtbench.servers.local.ProcessPause;
import java.nio.file.Path;
import java.util.Optional;

/** A started server. Closing it stops the server and removes its temporary files. */
public interface RunningServer extends AutoCloseable {

    ServerKind kind();

    /**
     * The client address: {@code 127.0.0.1:P} (Kafka bootstrap), {@code http://127.0.0.1:P} (Connect REST, OpenSearch,
     * Elasticsearch, ClickHouse, Prometheus) or {@code postgresql://rtbench@127.0.0.1:P/rtbench} (PostgreSQL, the user in the URL); usable as printed.
     */
    String address();

    /** The client port, as in {@link #address()}. */
    int port();

    /** The server's version as it reports it. */
    String version();

    /** Process id of the server; the current JVM's for in-JVM servers. */
    long pid();

    /**
     * The server's CPU, memory and disk as this machine sees it (docs/MEASUREMENT.md, "Target utilisation"): a child
     * process's from {@code /proc}; empty where the provider cannot see them (the default).
     */
    default Optional<UtilisationSource> utilisation() {
        return Optional.empty();
    }

    /**
     * The server's processes' CPU and memory, without its disk: a part of the harness beside the target
     * (docs/MEASUREMENT.md, "The harness and the machine"), for Kafka and Connect; for a server in this JVM, the CPU of
     * its threads ({@link #threadsInThisJvm()}) and no memory; empty where the provider cannot see them (the default).
     */
    default Optional<UtilisationSource> processUtilisation() {
        return Optional.empty();
    }

    /**
     * The CPU of the server's threads, when it runs in this JVM: what rtbench's own part of the harness leaves out, as
     * the server is a part of its own (docs/MEASUREMENT.md, "The harness and the machine"); empty for a server in a
     * process of its own (the default) and where this JVM cannot tell a thread's CPU time.
     */
    default Optional<ThreadGroupCpu> threadsInThisJvm() {
        return Optional.empty();
    }

    /** Where the server logs go. */
    Path logFile();

    /** The directory of the server's data and files, where rtbench made one (a child process's); else empty. */
    default Optional<Path> directory() {
        return Optional.empty();
    }

    /**
     * The server, to be paused and continued (fault {@code target-pause}, docs/MEASUREMENT.md, "Freshness under
     * faults"): by default its process and every process under it, with SIGSTOP and SIGCONT ({@link ProcessPause}; one
     * in this JVM refuses when paused); a container, with {@code docker pause} (docs/DOCKER.md).
     */
    default Optional<Pausable> pausable() {
        return Optional.of(new ProcessPause(this::pid, kind().cliName()));
    }

    /**
     * The server, to be stopped and started again on the same port with its data kept (faults {@code target-restart}
     * and {@code broker-restart}, docs/MEASUREMENT.md, "Freshness under faults"); empty where this server cannot be (the
     * default). Which kinds can, before any starts: {@link ServerRecipe#restartsLocally()} and {@link
     * ServerRecipe#restartsInContainer()}.
     */
    default Optional<Restartable> restartable() {
        return Optional.empty();
    }

    /** Stops the server and cleans up; idempotent, does not throw. */
    @Override
    void close();
}
