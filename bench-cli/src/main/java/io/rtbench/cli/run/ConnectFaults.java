package io.rtbench.cli.run;

import io.rtbench.core.BenchmarkException;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.fault.FaultKind;
import io.rtbench.core.fault.Injection;
import io.rtbench.core.fault.Restartable;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.connect.ConnectRestClient;
import io.rtbench.servers.connect.ConnectorDefinition;
import io.rtbench.servers.connect.ConnectorStatus;
import io.rtbench.servers.local.ConnectServer;
import io.rtbench.servers.local.ConnectWorkerConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Faults {@code sink-kill} and {@code rebalance} of pipeline {@code kafka-connect} (docs/MEASUREMENT.md, "Freshness
 * under faults"), done to the Connect worker the run started in this JVM ({@code --servers local}, the local provider):
 * {@code sink-kill} kills the worker and starts it again on its port, group and topics, the window lasting until the
 * connector's tasks run again; {@code rebalance} starts a second worker in its group, which takes some of the tasks,
 * and stops it FOR later, the window lasting until the tasks run on the first worker again.
 */
final class ConnectFaults {

    /** How long the tasks may take to run again after a restart, to move to the second worker or back from it. */
    static final Duration TASKS_TIMEOUT = Duration.ofSeconds(60);

    /** Connect's own {@code task.shutdown.graceful.timeout.ms}: 0 cancels a task that is stopped at once. */
    static final String TASK_SHUTDOWN_TIMEOUT = "task.shutdown.graceful.timeout.ms";

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private ConnectFaults() {}

    /**
     * What the run's Connect worker is started with for {@code faults}: with {@code sink-kill} its tasks are cancelled
     * when stopped (no final offset commit, as in a crash); with {@code rebalance} it gives the tasks of a worker that
     * left to the others at once rather than waiting for it to come back ({@code scheduled.rebalance.max.delay.ms} 0:
     * the second worker leaves for good).
     */
    static Map<String, String> workerSettings(List<Fault> faults) {
        Map<String, String> settings = new LinkedHashMap<>();
        if (has(faults, FaultKind.SINK_KILL)) {
            settings.put(TASK_SHUTDOWN_TIMEOUT, "0");
        }
        if (has(faults, FaultKind.REBALANCE)) {
            settings.put(ConnectWorkerConfig.REBALANCE_DELAY, "0");
        }
        return settings;
    }

    /**
     * Usage errors of the sink's faults on {@code kafka-connect}, before anything starts: a worker the run does not start
     * itself, a container, and a {@code rebalance} of a connector with one task, which has nothing to move.
     *
     * @param tasks {@code --bridge-threads}, the tasks of rtbench's sink plugin
     */
    static void check(List<Fault> faults, RunOptions.Settings run, int tasks, Map<String, String> env) {
        if (run.pipeline() != Pipeline.KAFKA_CONNECT) {
            return;
        }
        for (FaultKind kind : List.of(FaultKind.SINK_KILL, FaultKind.REBALANCE)) {
            if (!has(faults, kind)) {
                continue;
            }
            String prefix = "--fault " + kind.cliName() + ": ";
            String verb = kind == FaultKind.SINK_KILL ? "kill" : "add a worker to";
            if (!run.localServers()) {
                throw new IllegalArgumentException(prefix + "rtbench does this only to a Connect worker it starts"
                        + " itself (--servers local), not to the one at --connect-url");
            }
            FaultChecks.requireLocalProvider(prefix, "Connect worker", verb, env);
        }
        if (has(faults, FaultKind.REBALANCE)) {
            requireTasksToMove(run, tasks);
        }
    }

    /** A usage error unless the connector has 2 tasks or more: one task stays on one worker. */
    private static void requireTasksToMove(RunOptions.Settings run, int tasks) {
        String prefix = "--fault " + FaultKind.REBALANCE.cliName() + ": ";
        if (!run.thirdPartyConnector()) {
            if (tasks < 2) {
                throw new IllegalArgumentException(prefix + "--bridge-threads " + tasks
                        + " gives the connector one task, which nothing moves to a second worker: give"
                        + " --bridge-threads 2 or more");
            }
            return;
        }
        String given =
                ConnectorDefinition.read(Path.of(run.connector())).config().get("tasks.max");
        int asked;
        try {
            asked = given == null ? 1 : Integer.parseInt(given.strip());
        } catch (NumberFormatException e) {
            return; // Connect refuses it when deploying, in its own words
        }
        if (asked < 2) {
            throw new IllegalArgumentException(prefix + "the connector of --connector " + run.connector()
                    + " has tasks.max " + asked + ", one task, which nothing moves to a second worker: set tasks.max"
                    + " to 2 or more in it");
        }
    }

    /**
     * The sink's faults of {@code connector} on {@code worker}, the Connect worker the run started in this JVM; empty
     * without one. Its {@code rebalance} is a {@link BenchmarkException} when the connector got one task (the topic's
     * partitions bound {@code tasks.max}).
     */
    static Optional<SinkFaults> of(Optional<RunningServer> worker, ConnectStage connector) {
        if (worker.isEmpty() || !(worker.get() instanceof ConnectServer server)) {
            return Optional.empty();
        }
        return Optional.of(new SinkFaults() {
            @Override
            public Injection sinkKill() {
                return ConnectFaults.sinkKill(server, connector.connector());
            }

            @Override
            public Injection rebalance() {
                return ConnectFaults.rebalance(server, connector);
            }
        });
    }

    /** The worker killed, and started again at the end: the window lasts until the connector's tasks run again. */
    private static Injection sinkKill(ConnectServer server, String connector) {
        Restartable worker = server.killable();
        return new Injection() {
            @Override
            public void begin() {
                worker.stop();
            }

            @Override
            public void end() {
                worker.start();
                server.awaitTasksRestarted(connector, TASKS_TIMEOUT);
            }

            @Override
            public String description() {
                return worker.description();
            }
        };
    }

    /**
     * A second worker started in the group, once a task has moved to it; stopped at the end, once every task runs on
     * the first worker again.
     */
    private static Injection rebalance(ConnectServer first, ConnectStage connector) {
        Integer tasks = connector.tasksMax();
        if (tasks == null || tasks < 2) {
            throw new BenchmarkException("--fault rebalance: connector " + connector.connector() + " has "
                    + (tasks == null ? 1 : tasks) + " task (tasks.max, at most the topic's partitions), which"
                    + " nothing moves to a second worker");
        }
        ConnectRestClient rest = new ConnectRestClient(URI.create(first.address()), REQUEST_TIMEOUT);
        String name = connector.connector();
        AtomicReference<ConnectServer> second = new AtomicReference<>();
        return new Injection() {
            @Override
            public void begin() {
                ConnectServer peer = first.startPeer();
                second.set(peer);
                try {
                    rest.await(
                            name,
                            "running a task on the second worker " + peer.workerId(),
                            status -> status.tasks().stream()
                                    .anyMatch(task -> ConnectorStatus.RUNNING.equals(task.state())
                                            && peer.workerId().equals(task.workerId())),
                            TASKS_TIMEOUT);
                } catch (RuntimeException e) {
                    end();
                    throw new IllegalStateException(e.getMessage(), e);
                }
            }

            @Override
            public void end() {
                ConnectServer peer = second.getAndSet(null);
                if (peer == null) {
                    return;
                }
                peer.close();
                rest.await(
                        name,
                        "running all its " + tasks + " tasks on the first worker " + first.workerId() + " again",
                        status -> status.isRunning()
                                && status.tasks().size() >= tasks
                                && status.tasks().stream()
                                        .allMatch(task -> first.workerId().equals(task.workerId())),
                        TASKS_TIMEOUT);
            }

            @Override
            public String description() {
                return "a second Kafka Connect worker beside the one at " + first.address();
            }
        };
    }

    private static boolean has(List<Fault> faults, FaultKind kind) {
        return faults.stream().anyMatch(fault -> fault.kind() == kind);
    }
}
