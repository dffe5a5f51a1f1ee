package io.rtbench.servers.daemon;

import io.rtbench.servers.ServerKind;
import java.util.Objects;
import java.util.Optional;

/**
 * One background server: its kind and, for a kind that runs as several (the workers of a Kafka Connect cluster,
 * docs/GUIDE.md "Several hosts"), its worker number. Worker 1 keeps the kind's own name ({@code connect}), so its files
 * are those of a single server; worker N is {@code connect-N}.
 */
record DaemonName(ServerKind kind, int worker) {

    DaemonName {
        Objects.requireNonNull(kind, "kind");
        if (worker < 1) {
            throw new IllegalArgumentException("worker numbers start at 1, got " + worker);
        }
    }

    static DaemonName of(ServerKind kind) {
        return new DaemonName(kind, 1);
    }

    /** {@code connect}, {@code connect-2}: the stem of its state, log, console and lock files. */
    String stem() {
        return worker == 1 ? kind.cliName() : kind.cliName() + "-" + worker;
    }

    /** The name of a file stem, or empty when it names no registered kind. */
    static Optional<DaemonName> parse(String stem) {
        Optional<ServerKind> whole = kindOf(stem);
        if (whole.isPresent()) {
            return Optional.of(of(whole.get()));
        }
        int dash = stem.lastIndexOf('-');
        if (dash <= 0) {
            return Optional.empty();
        }
        try {
            int worker = Integer.parseInt(stem.substring(dash + 1));
            return worker < 2
                    ? Optional.empty()
                    : kindOf(stem.substring(0, dash)).map(k -> new DaemonName(k, worker));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<ServerKind> kindOf(String cliName) {
        try {
            return Optional.of(ServerKind.fromCliName(cliName));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
