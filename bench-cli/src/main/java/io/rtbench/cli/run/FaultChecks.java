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
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What {@code run --fault} needs, checked with the other settings before anything starts (docs/MEASUREMENT.md,
 * "Freshness under faults"): a window inside the measured phase, faults of a kind one after the other; for
 * {@code target-pause} a database that rtbench controls on this host: one it starts ({@code --servers local}, a child
 * process or a container) or one {@code rtbench servers start} runs at the target's address; for {@code target-restart}
 * and {@code broker-restart} a server the run starts itself ({@code --servers local}) of a kind that restarts with its
 * data kept with the run's provider ({@link ServerRecipe#restartsLocally()}, {@link
 * ServerRecipe#restartsInContainer()}), and for {@code broker-restart} a pipeline through Kafka; for {@code sink-kill}
 * and {@code rebalance} a sink that rtbench runs (the bridge, or the Connect worker the run starts: {@link
 * ConnectFaults}), neither overlapping the other, and for the bridge's {@code rebalance} more partitions than its
 * consumers. Each refusal is an {@link IllegalArgumentException} naming the flag, which the command says as a
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
                    // a killed sink has no group to rebalance with, and a second sink beside a killed one would take
                    // its partitions over
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
                    // the sink runs in rtbench (or is a Connect worker it starts): the pipeline's check is
                    // requirePipeline's, the Connect worker's ConnectFaults.check
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
     * A usage error for a fault the pipeline has nothing for: {@code broker-restart} without Kafka, {@code sink-kill}
     * and {@code rebalance} without a sink of rtbench's, {@code rebalance} with no more partitions in the topic a run on
     * its own servers creates than {@code --bridge-threads} (a topic of an external broker may exist already: the sink
     * checks its partitions, {@link #requireMovablePartitions}). Apart from {@link #check}, which does not know the
     * pipeline.
     */
    static void requirePipeline(List<Fault> faults, Pipeline pipeline, boolean local, int bridgeThreads) {
        for (Fault fault : faults) {
            switch (fault.kind()) {
                case BROKER_RESTART -> {
                    if (!pipeline.usesKafka()) {
                        throw new IllegalArgumentException("--fault " + FaultKind.BROKER_RESTART.cliName()
                                + ": pipeline " + pipeline.cliName() + " has no Kafka broker to restart");
                    }
                }
                case SINK_KILL -> requireSink(fault.kind(), pipeline);
                case REBALANCE -> {
                    requireSink(fault.kind(), pipeline);
                    // Connect's tasks move over the partitions they have, whatever their number: ConnectFaults.check
                    if (local && pipeline == Pipeline.KAFKA_BRIDGE) {
                        requireMovablePartitions(
                                "the topic the run creates", RunSpecMapping.TOPIC_PARTITIONS, bridgeThreads);
                    }
                }
                case TARGET_PAUSE, TARGET_RESTART -> {
                    // on the database, whatever the pipeline
                }
            }
        }
    }

    /** The one place that says whose sink rtbench kills and rebalances, by pipeline. */
    private static void requireSink(FaultKind kind, Pipeline pipeline) {
        String prefix = "--fault " + kind.cliName() + ": ";
        switch (pipeline) {
            case KAFKA_BRIDGE -> {
                // the bridge runs in rtbench's JVM: BridgeStage does both
            }
            case KAFKA_CONNECT -> {
                // the Connect worker the run starts: ConnectFaults does both, and checks what it needs
            }
            case NATIVE, DIRECT ->
                throw new IllegalArgumentException(prefix + "pipeline " + pipeline.cliName()
                        + " has no sink that rtbench runs; the bridge (--pipeline kafka-bridge) and the Connect worker"
                        + " the run starts (--pipeline kafka-connect) have");
        }
    }

    /**
     * A usage error unless the topic has more partitions than the bridge has consumers: with no more, each consumer may
     * hold one and a second bridge joining the group take none (which members get them is the assignor's order of
     * their ids), so nothing would surely move.
     */
    static void requireMovablePartitions(String topic, int partitions, int bridgeThreads) {
        if (partitions <= bridgeThreads) {
            throw new IllegalArgumentException("--fault " + FaultKind.REBALANCE.cliName() + ": " + topic + " has "
                    + partitions + (partitions == 1 ? " partition" : " partitions") + ", no more than the bridge's "
                    + bridgeThreads + (bridgeThreads == 1 ? " consumer" : " consumers")
                    + " (--bridge-threads): a second bridge joining the group might take"
                    + " none; give the topic more partitions than --bridge-threads");
        }
    }

    /** The server of a target kind; a usage error for a target that lives inside rtbench. */
    private static ServerKind databaseOf(FaultKind kind, String target) {
        return RunServers.databaseOf(target)
                .orElseThrow(() -> new IllegalArgumentException("--fault " + kind.cliName() + ": the " + target
                        + " target lives inside rtbench, with no server of its own to restart"));
    }

    /**
     * A usage error unless the run starts the {@code server} itself, and its provider restarts a {@code server} with its
     * data kept: a background server's daemon deletes its data when it stops.
     */
    private static void requireRestartable(
            FaultKind fault, String part, ServerKind server, boolean local, Map<String, String> env) {
        String restart = "--fault " + fault.cliName() + ": ";
        if (!local) {
            throw new IllegalArgumentException(restart + "rtbench restarts only a " + part
                    + " it starts itself (--servers local): a server of yours, or one `rtbench servers start` runs,"
                    + " would not come back with its data");
        }
        ServerRecipe recipe = ServerRecipes.recipe(server);
        if (inContainers(env)) {
            if (!recipe.restartsInContainer()) {
                throw new IllegalArgumentException(restart + "with " + Servers.PROVIDER_ENV + "=docker rtbench"
                        + " restarts only " + restartable(ServerRecipe::restartsInContainer) + " containers with their"
                        + " data kept, not " + server.cliName()
                        + (recipe.restartsLocally() ? ": the local provider restarts it" : ""));
            }
        } else if (!recipe.restartsLocally()) {
            throw new IllegalArgumentException(restart + "rtbench does not restart a local " + server.cliName()
                    + " with its data kept; it restarts " + restartable(ServerRecipe::restartsLocally));
        }
    }

    /** The server kinds that {@code restarts}, by name. */
    private static String restartable(Predicate<ServerRecipe> restarts) {
        return ServerRecipes.all().stream()
                .filter(restarts)
                .map(recipe -> recipe.kind().cliName())
                .sorted()
                .collect(Collectors.joining(", "));
    }

    /** A usage error when the servers this run starts are containers: the {@code part} in one is not {@code verb}ed. */
    static void requireLocalProvider(String prefix, String part, String verb, Map<String, String> env) {
        if (inContainers(env)) {
            throw new IllegalArgumentException(prefix + Servers.PROVIDER_ENV + "=docker runs the " + part
                    + " in a container, which rtbench does not " + verb + " yet: use the local provider");
        }
    }

    /** Whether the servers this run starts are containers (the docker provider) rather than child processes. */
    private static boolean inContainers(Map<String, String> env) {
        return env.getOrDefault(Servers.PROVIDER_ENV, "local")
                .strip()
                .toLowerCase(Locale.ROOT)
                .equals("docker");
    }

    /** A usage error unless the target's database is one rtbench controls on this host. */
    private static void requirePausable(boolean local, String target, URI targetUrl, Map<String, String> env) {
        Optional<ServerKind> database = RunServers.databaseOf(target);
        String pause = "--fault " + FaultKind.TARGET_PAUSE.cliName() + ": ";
        if (database.isEmpty()) {
            throw new IllegalArgumentException(
                    pause + "the " + target + " target lives inside rtbench, with no process of its own to pause");
        }
        if (local) {
            return; // a child process, or a container with the docker provider
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
