package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ConnectTasks;
import io.rtbench.core.result.ConnectTasks.Placement;
import io.rtbench.core.result.ConnectTasks.Task;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.WorkerShare;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.connect.ConnectRestClient;
import io.rtbench.servers.connect.ConnectorStatus;
import io.rtbench.servers.daemon.ServerControl;
import io.rtbench.servers.daemon.ServerState;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * Several hosts on both sides (docs/GUIDE.md "Several hosts", docs/CONNECT.md "A cluster of several workers"): three
 * {@code rtbench worker} processes produce and probe, {@code rtbench servers start connect --workers 2} runs two Kafka
 * Connect workers in one group, each a JVM of its own, and a {@code run --workers 3 --pipeline kafka-connect} with
 * rtbench's sink plugin into ClickHouse spreads its two tasks over them. In the middle of the run one Connect worker is
 * killed (SIGKILL): its task moves to the survivor, the result's placements show it, and the audit finds every event
 * the three workers produced landed. Connect's sink is at-least-once: the moved task starts again from the last committed offsets,
 * so events written after that commit may be written twice (counted as duplicates, never as lost).
 */
@ExtendWith(ServersExtension.class)
@LocalProviderOnly("the Connect workers are processes of this machine, one of them killed")
@Order(SuiteOrder.LONG)
@ResourceLock(RtbenchProcesses.WORKERS_ON_THE_SHARED_KAFKA)
class ConnectClusterIT {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectClusterIT.class);

    @TempDir
    Path dir;

    @TempDir
    Path stateDir;

    private final List<Process> rtbenchWorkers = new ArrayList<>();

    @AfterEach
    void stopWorkers() {
        rtbenchWorkers.forEach(Process::destroyForcibly);
        new ServerControl(stateDir).stop(ServerKind.CONNECT);
    }

    @Test
    void threeWorkersIntoTwoConnectWorkersOneKilledItsTaskMovesAndNothingIsLost(
            @RealServer("kafka") RunningServer kafka, @RealServer("clickhouse") RunningServer clickhouse)
            throws Exception {
        long startNanos = System.nanoTime();
        String suffix = UUID.randomUUID().toString().substring(0, 6);
        List<String> ids = List.of("c1-" + suffix, "c2-" + suffix, "c3-" + suffix);
        List<Path> logs = new ArrayList<>();
        for (String id : ids) {
            // kept after the test, beside its other logs
            Path log =
                    Files.createDirectories(Path.of("target", "test-logs")).resolve("connect-cluster-" + id + ".log");
            rtbenchWorkers.add(
                    RtbenchProcesses.start(List.of("worker", "--bootstrap-servers", kafka.address(), "--id", id), log));
            logs.add(log);
        }
        List<ServerState> workers = startCluster(kafka);
        for (int i = 0; i < ids.size(); i++) {
            Path log = logs.get(i);
            Process process = rtbenchWorkers.get(i);
            await().atMost(Duration.ofSeconds(60))
                    .failFast("worker exited; see " + log, () -> !process.isAlive())
                    .until(() -> Files.readString(log).contains("waiting for runs"));
        }
        LOG.info(
                "2 Connect workers started in {} ms: {}",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                workers.stream().map(w -> w.name() + "=" + w.address()).collect(Collectors.joining(", ")));
        ServerState survivor = workers.get(0);
        ServerState victim = workers.get(1);
        String survivorId = workerId(survivor);
        String victimId = workerId(victim);

        String name = "connect_cluster_" + suffix;
        Path result = dir.resolve(name + ".json");
        StringWriter err = new StringWriter();
        CompletableFuture<Integer> exit = runInBackground(kafka, clickhouse, survivor.address(), name, result, err);

        // both tasks run, one on each worker: then into the measured phase, and the victim is killed
        ConnectRestClient rest = new ConnectRestClient(URI.create(survivor.address()), Duration.ofSeconds(5));
        String connector = "rtbench-sink-clickhouse-" + name;
        await().atMost(Duration.ofSeconds(90))
                .failFast("the run ended early: " + err, exit::isDone)
                .until(() -> rest.status(connector).filter(ConnectorStatus::isRunning), Optional::isPresent);
        // Connect's assignor may first put both tasks on one worker (seen in CI) and spread them at its next rebalance
        await().atMost(Duration.ofSeconds(60))
                .failFast("the run ended early: " + err, exit::isDone)
                .untilAsserted(
                        () -> assertThat(rest.status(connector).orElseThrow().tasks())
                                .extracting(ConnectorStatus.TaskStatus::workerId)
                                .as("the two tasks are spread over the two workers")
                                .containsExactlyInAnyOrder(survivorId, victimId));
        Thread.sleep(8_000); // past the 2 s warmup, into the measured phase
        Instant killedAt = Instant.now();
        ProcessHandle.of(victim.daemonPid()).orElseThrow().destroyForcibly(); // SIGKILL: the worker's JVM
        LOG.info("killed Connect worker {} (pid {}) at {}", victimId, victim.daemonPid(), killedAt);

        int code = exit.get(4, TimeUnit.MINUTES);
        assertThat(code).as(err.toString()).isZero();
        RunResult written = ResultFiles.read(result);
        assertThat(written.complete()).isTrue();
        StepResult step = written.steps().get(0);

        ConnectTasks tasks = step.connectTasks();
        assertThat(tasks.connector()).isEqualTo(connector);
        assertThat(tasks.tasksMax()).isEqualTo(2);
        assertThat(tasks.partitions()).isEqualTo(4);
        List<Placement> placements = tasks.placements();
        assertThat(placements)
                .filteredOn(p -> p.at().isBefore(killedAt))
                .as("a placement before the kill with a task on each worker")
                .anySatisfy(p -> assertThat(p.tasks())
                        .extracting(Task::workerId)
                        .containsExactlyInAnyOrder(survivorId, victimId));
        Placement last = placements.get(placements.size() - 1);
        assertThat(last.tasks()).extracting(Task::state).containsOnly(ConnectorStatus.RUNNING);
        assertThat(last.tasks())
                .extracting(Task::workerId)
                .as("the killed worker's task moved to the survivor")
                .containsOnly(survivorId);
        assertThat(tasks.moves())
                .as("the killed worker's task, and any early spreading")
                .isBetween(1, 2);
        Instant movedAt = placements.stream()
                .filter(p -> p.at().isAfter(killedAt))
                .filter(p -> p.tasks().stream()
                        .allMatch(t -> ConnectorStatus.RUNNING.equals(t.state()) && survivorId.equals(t.workerId())))
                .findFirst()
                .orElseThrow()
                .at();

        StepResult.EventCounts events = step.events();
        assertThat(events.lost()).isZero();
        assertThat(events.landed()).isEqualTo(events.produced()).isPositive();
        assertThat(step.workers()).extracting(WorkerShare::id).containsExactlyInAnyOrderElementsOf(ids);
        assertThat(step.workers())
                .allSatisfy(worker -> assertThat(worker.produced()).isPositive());
        assertThat(step.workers().stream()
                        .mapToLong(
                                worker -> worker.latencyMs().get(Metrics.DATA).count())
                        .sum())
                .as("the merged data-latency histogram holds every worker's samples")
                .isEqualTo(step.latencyMs().get(Metrics.DATA).count());
        LOG.info(
                "a Connect worker killed mid-run: its task ran on the survivor {} ms later; placements {}; produced {}"
                        + " landed {} lost {} duplicates {} (at-least-once), produced per worker {}; the test took {} s",
                Duration.between(killedAt, movedAt).toMillis(),
                placements.stream()
                        .map(p -> p.at() + " ["
                                + p.tasks().stream()
                                        .map(t -> t.id() + " " + t.state() + " " + t.workerId())
                                        .collect(Collectors.joining(", "))
                                + "]")
                        .collect(Collectors.joining("; ")),
                events.produced(),
                events.landed(),
                events.lost(),
                events.duplicates(),
                step.workers().stream().map(w -> w.id() + "=" + w.produced()).collect(Collectors.joining(", ")),
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNanos));
        assertThat(new ServerControl(stateDir).status())
                .extracting(ServerState::name)
                .as("status forgets the killed worker")
                .containsExactly("connect");
    }

    /** {@code rtbench servers start connect --workers 2} with this test's Kafka and plugin path. */
    private List<ServerState> startCluster(RunningServer kafka) {
        List<String> args = new ArrayList<>(
                List.of("start", "connect", "--workers", "2", "--set", "bootstrap.servers=" + kafka.address()));
        String pluginPath = System.getProperty(ServersExtension.CONNECT_PLUGIN_PATH_PROPERTY, "");
        if (!pluginPath.isBlank()) {
            args.addAll(List.of("--set", "plugin.path=" + pluginPath));
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine servers =
                CommandLines.commandLine(new ServersCommand(Map.of(ServerControl.STATE_DIR_ENV, stateDir.toString())));
        servers.setOut(new PrintWriter(out, true));
        servers.setErr(new PrintWriter(err, true));
        int code = servers.execute(args.toArray(String[]::new));
        assertThat(code).as(err.toString()).isZero();
        List<ServerState> workers = new ServerControl(stateDir).status();
        assertThat(workers).extracting(ServerState::name).containsExactly("connect", "connect-2");
        assertThat(out.toString().lines())
                .as(out.toString())
                .hasSize(3)
                .anySatisfy(line -> assertThat(line)
                        .startsWith("connect started at " + workers.get(0).address()))
                .anySatisfy(line -> assertThat(line)
                        .startsWith("connect-2 started at " + workers.get(1).address()));
        assertThat(Set.of(workers.get(0).daemonPid(), workers.get(1).daemonPid()))
                .as("a process each")
                .hasSize(2);
        return workers;
    }

    /** As Connect names a worker: the host and port of its REST API. */
    private static String workerId(ServerState worker) {
        return URI.create(worker.address()).getHost() + ":" + worker.port();
    }

    private static CompletableFuture<Integer> runInBackground(
            RunningServer kafka,
            RunningServer clickhouse,
            String connectUrl,
            String name,
            Path result,
            StringWriter err) {
        CommandLine run = CommandLines.commandLine(new RtbenchCommand());
        run.setOut(new PrintWriter(new StringWriter(), true));
        run.setErr(new PrintWriter(err, true));
        String[] args = {
            "run",
            "--workers",
            "3",
            "--servers",
            "external",
            "--pipeline",
            "kafka-connect",
            "--connect-url",
            connectUrl,
            "--bridge-threads",
            "2",
            "--target",
            "clickhouse",
            "--target-url",
            clickhouse.address(),
            "--bootstrap-servers",
            kafka.address(),
            "--collection",
            name,
            "--topic",
            "events." + name,
            "--generators",
            "3",
            "--rates",
            "400/s",
            "--warmup",
            "2s",
            "--duration",
            "40s",
            "--probe-interval",
            "250ms",
            "--prometheus-port",
            "0",
            "--result",
            result.toString()
        };
        CompletableFuture<Integer> exit = new CompletableFuture<>();
        // a thread of its own, not the common pool (see Runs.inBackground)
        Thread thread = new Thread(() -> exit.complete(run.execute(args)), "run-on-connect-cluster");
        thread.setDaemon(true);
        thread.start();
        return exit;
    }
}
