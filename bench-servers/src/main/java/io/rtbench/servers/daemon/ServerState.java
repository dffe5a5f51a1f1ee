package io.rtbench.servers.daemon;

import io.rtbench.core.utilisation.UtilisationSource;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.local.ProcessUtilisation;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * A server kept running in the background by a daemon JVM, as recorded in its state file.
 *
 * @param worker 1, or the number of a Connect cluster's worker ({@code servers start connect --workers N})
 * @param address the client address, as {@link io.rtbench.servers.RunningServer#address()}
 * @param port the client port
 * @param serverPid the server's process; equals {@code daemonPid} for in-JVM servers (Kafka, Connect)
 * @param daemonPid the daemon JVM that holds the server; stopping it stops the server
 * @param daemonStartedAt when the daemon process started, to tell it from a later process that reuses its pid
 * @param version the server's version as it reports it
 * @param logFile where the server logs go
 * @param startedAt when the server became ready
 * @param directory the server's data and files, where it has a directory of its own; null otherwise (and in the state
 *     files of rtbench versions before it was recorded)
 */
public record ServerState(
        ServerKind kind,
        int worker,
        String address,
        int port,
        long serverPid,
        long daemonPid,
        Instant daemonStartedAt,
        String version,
        Path logFile,
        Instant startedAt,
        Path directory) {

    public ServerState {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(daemonStartedAt, "daemonStartedAt");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(logFile, "logFile");
        Objects.requireNonNull(startedAt, "startedAt");
        if (worker < 1) {
            throw new IllegalArgumentException("worker numbers start at 1, got " + worker);
        }
        if (serverPid <= 0 || daemonPid <= 0) {
            throw new IllegalArgumentException("pids must be positive: server " + serverPid + ", daemon " + daemonPid);
        }
    }

    /** {@code connect}, or {@code connect-2} for a cluster's second worker: as {@code servers status} lists it. */
    public String name() {
        return daemonName().stem();
    }

    /**
     * The server's CPU, memory and disk from {@code /proc}, as for a server a run starts itself (docs/MEASUREMENT.md,
     * "Target utilisation"): this host runs it, so a run given its address can measure it.
     */
    public UtilisationSource utilisation() {
        return new ProcessUtilisation(serverPid, directory);
    }

    /** The server's processes without its disk: a part of the harness (docs/MEASUREMENT.md, "The harness and the machine"). */
    public UtilisationSource processUtilisation() {
        return ProcessUtilisation.withoutDisk(serverPid);
    }

    DaemonName daemonName() {
        return new DaemonName(kind, worker);
    }
}
