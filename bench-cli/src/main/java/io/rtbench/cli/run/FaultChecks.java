package io.rtbench.cli.run;

import io.rtbench.core.fault.Fault;
import io.rtbench.core.fault.FaultKind;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.Servers;
import io.rtbench.servers.daemon.ServerControl;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code run --fault} needs, checked with the other settings before anything starts (docs/MEASUREMENT.md,
 * "Freshness under faults"): a window inside the measured phase, faults of a kind one after the other, and for
 * {@code target-pause} a database process that rtbench controls on this host: one it starts ({@code --servers local},
 * the local provider) or one {@code rtbench servers start} runs at the target's address. Each refusal is an
 * {@link IllegalArgumentException} naming the flag, which the command says as a usage error.
 */
final class FaultChecks {

    private FaultChecks() {}

    /**
     * The faults, checked.
     *
     * @param measured the measured phase of a step (every iteration's window with repetitions); null: until stopped
     */
    static List<Fault> check(List<Fault> faults, boolean local, String target, URI targetUrl, Duration measured) {
        check(faults, local, target, targetUrl, measured, System.getenv());
        return faults;
    }

    static void check(
            List<Fault> faults,
            boolean local,
            String target,
            URI targetUrl,
            Duration measured,
            Map<String, String> env) {
        for (int i = 0; i < faults.size(); i++) {
            Fault fault = faults.get(i);
            if (measured != null && fault.end().compareTo(measured) > 0) {
                throw new IllegalArgumentException("--fault " + fault + " ends " + Durations.format(fault.end())
                        + " into the measured phase, which lasts " + Durations.format(measured)
                        + " (--duration): the window must fit inside it");
            }
            for (Fault earlier : faults.subList(0, i)) {
                if (earlier.kind() == fault.kind() && earlier.overlaps(fault)) {
                    throw new IllegalArgumentException("--fault " + earlier + " and " + fault
                            + " overlap: give faults of a kind one after the other");
                }
            }
            if (fault.kind() == FaultKind.TARGET_PAUSE) {
                requirePausable(local, target, targetUrl, env);
            }
        }
    }

    /** A usage error unless the target's database is a process rtbench controls on this host. */
    private static void requirePausable(boolean local, String target, URI targetUrl, Map<String, String> env) {
        Optional<ServerKind> database = RunServers.databaseOf(target);
        String pause = "--fault " + FaultKind.TARGET_PAUSE.cliName() + ": ";
        if (database.isEmpty()) {
            throw new IllegalArgumentException(
                    pause + "the " + target + " target lives inside rtbench, with no process of its own to pause");
        }
        if (local) {
            String provider =
                    env.getOrDefault(Servers.PROVIDER_ENV, "local").strip().toLowerCase(Locale.ROOT);
            if (!provider.isEmpty() && !provider.equals("local")) {
                throw new IllegalArgumentException(
                        pause + Servers.PROVIDER_ENV + "=" + provider
                                + " runs the database in a container, which rtbench does not pause yet: use the local provider");
            }
            return;
        }
        boolean background = targetUrl != null
                && RunServers.background(ServerControl.fromEnvironment(env), database.get(), targetUrl)
                        .isPresent();
        if (!background) {
            throw new IllegalArgumentException(pause + "with --servers external only a database that `rtbench servers"
                    + " start` runs on this host can be paused (state directory "
                    + ServerControl.stateDir(env) + "); none runs at " + targetUrl);
        }
    }
}
