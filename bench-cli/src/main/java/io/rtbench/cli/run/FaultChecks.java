package io.rtbench.cli.run;

import io.rtbench.core.fault.Fault;
import io.rtbench.core.fault.FaultKind;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.ServerRecipes;
import io.rtbench.servers.Servers;
import io.rtbench.servers.daemon.ServerControl;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What {@code run --fault} needs, checked with the other settings before anything starts (docs/MEASUREMENT.md,
 * "Freshness under faults"): a window inside the measured phase, faults of a kind one after the other; for
 * {@code target-pause} a database process that rtbench controls on this host: one it starts ({@code --servers local},
 * the local provider) or one {@code rtbench servers start} runs at the target's address; for {@code target-restart} and
 * {@code broker-restart} a server the run starts itself ({@code --servers local}, the local provider) of a kind that
 * restarts with its data kept ({@link ServerRecipe#restartsLocally()}), and for {@code broker-restart} a pipeline
 * through Kafka; for {@code sink-kill} and {@code rebalance} the Connect worker the run starts ({@link ConnectFaults}),
 * and neither overlapping the other. Each refusal is an {@link IllegalArgumentException} naming the flag, which the command says as a
 * usage error.
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
                if (onTheDatabase(earlier.kind()) && onTheDatabase(fault.kind()) && earlier.overlaps(fault)) {
                    // a stopped database has no process to pause, and a paused one does not stop
                    throw new IllegalArgumentException("--fault " + earlier + " and " + fault
                            + " overlap: both act on the database; give them one after the other");
                }
                if (onTheSink(earlier.kind()) && onTheSink(fault.kind()) && earlier.overlaps(fault)) {
                    // a second sink beside a killed one would take its partitions over
                    throw new IllegalArgumentException("--fault " + earlier + " and " + fault
                            + " overlap: both act on the sink; give them one after the other");
                }
            }
            switch (fault.kind()) {
                case TARGET_PAUSE -> requirePausable(local, target, targetUrl, env);
                case TARGET_RESTART ->
                    requireRestartable(
                            FaultKind.TARGET_RESTART,
                            "database",
                            databaseOf(FaultKind.TARGET_RESTART, target),
                            local,
                            env);
                case BROKER_RESTART ->
                    requireRestartable(FaultKind.BROKER_RESTART, "broker", ServerKind.KAFKA, local, env);
                case SINK_KILL, REBALANCE -> {
                    // the sink's: requireSink, with the pipeline
                }
            }
        }
    }

    private static boolean onTheDatabase(FaultKind kind) {
        return kind == FaultKind.TARGET_PAUSE || kind == FaultKind.TARGET_RESTART;
    }

    private static boolean onTheSink(FaultKind kind) {
        return kind == FaultKind.SINK_KILL || kind == FaultKind.REBALANCE;
    }

    /**
     * Usage errors of {@code sink-kill} and {@code rebalance} with the run's pipeline: one without a sink of rtbench's
     * ({@code direct}, {@code native}), the bridge (not yet), and on {@code kafka-connect} what {@link ConnectFaults}
     * refuses. Apart from {@link #check}, which does not know the pipeline.
     *
     * @param tasks {@code --bridge-threads}: the bridge's consumers, the Connect sink plugin's tasks
     */
    static void requireSink(List<Fault> faults, RunOptions.Settings run, int tasks, Map<String, String> env) {
        Optional<Fault> sink =
                faults.stream().filter(fault -> onTheSink(fault.kind())).findFirst();
        if (sink.isEmpty()) {
            return;
        }
        String prefix = "--fault " + sink.get().kind().cliName() + ": ";
        switch (run.pipeline()) {
            case DIRECT, NATIVE ->
                throw new IllegalArgumentException(
                        prefix + "pipeline " + run.pipeline().cliName()
                                + " has no sink of rtbench's; it is done to --pipeline kafka-connect");
            case KAFKA_BRIDGE ->
                throw new IllegalArgumentException(
                        prefix + "rtbench does not do it to the bridge yet; it is done to --pipeline kafka-connect");
            case KAFKA_CONNECT -> ConnectFaults.check(faults, run, tasks, env);
        }
    }

    /**
     * A usage error for {@code broker-restart} in a pipeline without Kafka. Apart from {@link #check}, which does not
     * know the pipeline.
     */
    static void requireBroker(List<Fault> faults, Pipeline pipeline) {
        if (!pipeline.usesKafka() && faults.stream().anyMatch(fault -> fault.kind() == FaultKind.BROKER_RESTART)) {
            throw new IllegalArgumentException("--fault " + FaultKind.BROKER_RESTART.cliName() + ": pipeline "
                    + pipeline.cliName() + " has no Kafka broker to restart");
        }
    }

    /** The server of a target kind; a usage error for a target that lives inside rtbench. */
    private static ServerKind databaseOf(FaultKind kind, String target) {
        return RunServers.databaseOf(target)
                .orElseThrow(() -> new IllegalArgumentException("--fault " + kind.cliName() + ": the " + target
                        + " target lives inside rtbench, with no server of its own to restart"));
    }

    /**
     * A usage error unless the run starts the {@code server} itself with the local provider, whose {@code server}
     * restarts with its data kept: a background server's daemon deletes its data when it stops, a container's is not
     * restarted yet.
     */
    private static void requireRestartable(
            FaultKind fault, String part, ServerKind server, boolean local, Map<String, String> env) {
        String restart = "--fault " + fault.cliName() + ": ";
        if (!local) {
            throw new IllegalArgumentException(restart + "rtbench restarts only a " + part
                    + " it starts itself (--servers local): a server of yours, or one `rtbench servers start` runs,"
                    + " would not come back with its data");
        }
        requireLocalProvider(restart, part, "restart", env);
        if (!ServerRecipes.recipe(server).restartsLocally()) {
            throw new IllegalArgumentException(restart + "rtbench does not restart a local " + server.cliName()
                    + " with its data kept; it restarts "
                    + ServerRecipes.all().stream()
                            .filter(ServerRecipe::restartsLocally)
                            .map(recipe -> recipe.kind().cliName())
                            .sorted()
                            .collect(Collectors.joining(", ")));
        }
    }

    /** A usage error unless the servers this run starts are child processes (the local provider). */
    static void requireLocalProvider(String prefix, String part, String verb, Map<String, String> env) {
        String provider =
                env.getOrDefault(Servers.PROVIDER_ENV, "local").strip().toLowerCase(Locale.ROOT);
        if (!provider.isEmpty() && !provider.equals("local")) {
            throw new IllegalArgumentException(prefix + Servers.PROVIDER_ENV + "=" + provider + " runs the " + part
                    + " in a container, which rtbench does not " + verb + " yet: use the local provider");
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
            requireLocalProvider(pause, "database", "pause", env);
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
