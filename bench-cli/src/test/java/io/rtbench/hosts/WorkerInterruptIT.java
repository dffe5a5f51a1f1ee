package io.rtbench.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.cli.RtbenchProcesses;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ctrl-C (SIGTERM, the same shutdown path) of an {@code rtbench worker} in the middle of its share's measured phase
 * (docs/GUIDE.md, "Several hosts"): the worker leaves the run and exits, and its coordinator, which hears nothing more
 * from it, ends the run in one line naming it, its result keeping what the failed step measured.
 */
@ExtendWith(ServersExtension.class)
@ResourceLock(RtbenchProcesses.WORKERS_ON_THE_SHARED_KAFKA)
class WorkerInterruptIT {

    private static final Logger LOG = LoggerFactory.getLogger(WorkerInterruptIT.class);

    @TempDir
    Path dir;

    private Process worker;

    @AfterEach
    void stopWorker() {
        if (worker != null) {
            worker.destroyForcibly();
        }
    }

    @Test
    void aWorkerStoppedMidPhaseLeavesItsShareAndTheRunEndsNamingIt(
            @RealServer("kafka") RunningServer kafka, @RealServer("clickhouse") RunningServer clickhouse)
            throws Exception {
        String id = "ctrlc-" + UUID.randomUUID().toString().substring(0, 6);
        Path log = Files.createDirectories(Path.of("target", "test-logs")).resolve("worker-interrupt-" + id + ".log");
        worker = RtbenchProcesses.start(List.of("worker", "--bootstrap-servers", kafka.address(), "--id", id), log);
        Process started = worker;
        await().atMost(Duration.ofSeconds(60))
                .failFast("worker exited; see " + log, () -> !started.isAlive())
                .until(() -> Files.readString(log).contains("waiting for runs"));

        String name = "hosts_ctrlc_" + id.substring(6);
        Path result = dir.resolve(name + ".json");
        List<String> args =
                new ArrayList<>(List.of(SeveralHostsIT.args(kafka, clickhouse, name, "300/s", "60s", result)));
        args.set(args.indexOf("--workers") + 1, "1");
        args.set(args.indexOf("--generators") + 1, "1");
        StringWriter err = new StringWriter();
        CompletableFuture<Integer> exit = new CompletableFuture<>();
        try (KafkaConsumer<String, String> results = SeveralHostsIT.resultsFromNow(kafka.address())) {
            Thread coordinator = new Thread(
                    () -> exit.complete(SeveralHostsIT.command(err).execute(args.toArray(String[]::new))),
                    "coordinator");
            coordinator.setDaemon(true);
            coordinator.start();
            SeveralHostsIT.awaitMeasuring(results, Set.of(id), exit::isDone, Metrics.DATA);
        }
        long stoppedNanos = System.nanoTime();
        worker.destroy(); // SIGTERM: the JVM's shutdown hooks run, as on Ctrl-C

        assertThat(worker.waitFor(30, TimeUnit.SECONDS)).as("the worker exits").isTrue();
        assertThat(Files.readString(log))
                .contains("(the worker stops)")
                .contains("worker " + id + ": stopped")
                .doesNotContain("\tat ");
        int code = exit.get(90, TimeUnit.SECONDS);
        LOG.info(
                "the run ended {} ms after the worker was stopped, exit {}: {}",
                Duration.ofNanos(System.nanoTime() - stoppedNanos).toMillis(),
                code,
                err.toString().strip());

        assertThat(code).as(err.toString()).isEqualTo(CommandLines.FAILURE);
        assertThat(err.toString().lines())
                .containsExactly("rtbench run: the workers stopped: worker " + id + " sent nothing for 10 s (it sends"
                        + " a record every second): it is gone, or cut off from Kafka");
        RunResult written = ResultFiles.read(result);
        assertThat(written.complete()).isFalse();
        assertThat(written.steps()).hasSize(1);
        StepResult step = written.steps().get(0);
        assertThat(step.sustained()).isFalse();
        assertThat(step.latencyMs().get(Metrics.DATA).count())
                .as("what the worker measured before it stopped")
                .isPositive();
        assertThat(step.workers()).as("the worker sent no figures of the step").isNull();
        assertThat(step.events())
                .as("without its figures, the step has no counts")
                .isNull();
    }
}
