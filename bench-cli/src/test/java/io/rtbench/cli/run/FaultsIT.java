package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.cli.support.StartOptions;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.daemon.ServerControl;
import io.rtbench.servers.daemon.ServerState;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import io.rtbench.servers.local.FreePorts;
import io.rtbench.servers.testing.KafkaClients;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Faults in the middle of a run's step, with real servers and their real processes stopped (docs/GUIDE.md, "rtbench
 * run"): the broker stopped and started again, the database frozen for 30 s. The run goes on, the audit finds every
 * event, and the outage shows in the figures it touched. A run whose servers are killed for good is
 * {@link KilledServerIT}; a bridge killed and started again is bench-connectors' BridgeKillIT.
 */
@ExtendWith(ServersExtension.class)
@LocalProviderOnly("stops and restarts the servers' own processes")
@Order(SuiteOrder.LONG)
class FaultsIT {

    private static final Logger LOG = LoggerFactory.getLogger(FaultsIT.class);
    private static final Duration AWAY = Duration.ofSeconds(5);
    private static final Duration FROZEN = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    /**
     * A background broker ({@code rtbench servers start kafka --port P --set log.dirs=DIR}) stopped 8 s into the step
     * and started again on the same port and data 5 s later (about 10 s away in all). The connect timeout is shorter
     * than that on purpose: what the run waits for a broker that went away is its retry timeout (2 min).
     */
    @Test
    void aBrokerRestartedMidRunLosesNothing(@RealServer("clickhouse") RunningServer clickhouse) throws Exception {
        ServerControl control = new ServerControl(dir.resolve("state"));
        ServerConfig broker = new ServerConfig(
                FreePorts.free(), Map.of("log.dirs", dir.resolve("kafka-data").toString()));
        ServerState kafka = control.start(ServerKind.KAFKA, broker);
        try {
            RunSpecBuilder spec = Runs.external("kafka-bridge", "clickhouse", clickhouse, kafka.address(), null, dir);
            spec.rates = List.of(Rate.parse("1000/s"));
            spec.pacing(set -> set.withWarmup(Durations.parse("2s")));
            // the broker is away from about 8 s to 15-20 s into the step; the rest shows the run going on after it
            spec.pacing(set -> set.withDuration(Durations.parse("30s")));
            spec.start(set -> new StartOptions.Settings(Durations.parse("3s")));
            RunSpec run = spec.build("unused");
            CompletableFuture<RunResult> running = Runs.inBackground("run", () -> Runs.run(run));

            awaitInTopic(kafka.address(), run.kafka().topic(), 10_000, running); // 2 s of warmup, 8 s of the step
            long stopNanos = System.nanoTime();
            control.stop(ServerKind.KAFKA);
            Thread.sleep(AWAY.toMillis());
            control.start(ServerKind.KAFKA, broker);
            Duration away = Duration.ofNanos(System.nanoTime() - stopNanos);
            assertThat(running).as("restarted mid-run").isNotDone();

            RunResult result = running.get(3, TimeUnit.MINUTES);
            StepResult step = result.steps().get(0);
            LOG.info("broker away {} ms; {}", away.toMillis(), step);
            assertThat(away).isGreaterThan(run.start().connectTimeout());
            assertThat(result.complete()).isTrue();
            assertThat(step.events().lost()).isZero();
            assertThat(step.events().failed()).isZero();
            assertThat(step.events().landed()).isEqualTo(step.events().produced());
            // Whether the producer kept its schedule depends on the outage and its buffer (32 MB: 25 s at this rate),
            // and a broker's restart took 28 s beside a starting Elasticsearch: what must hold is that the run went
            // on after it, and lost nothing
            assertThat(step.events().produced())
                    .as("more than the 10,000 before the stop")
                    .isGreaterThan(10_000L);
            // the outage is in the figures: events sent while the broker was away were acknowledged and seen late
            assertThat(step.latencyMs().get(Metrics.PRODUCE_ACK).max()).isGreaterThan(AWAY.toMillis());
            assertThat(step.latencyMs().get(Metrics.DATA).max()).isGreaterThan(AWAY.toMillis());
        } finally {
            control.stop(ServerKind.KAFKA);
        }
    }

    /** ClickHouse stopped with SIGSTOP 5 s into the step and continued with SIGCONT 30 s later. */
    @Test
    void aDatabaseFrozenFor30sMidRunLosesNothingAndItsProbesFail(
            @RealServer("kafka") RunningServer kafka,
            @OwnServer(value = "clickhouse", why = "frozen with SIGSTOP for 30 s") RunningServer clickhouse)
            throws Exception {
        RunSpecBuilder spec = Runs.external("kafka-bridge", "clickhouse", clickhouse, kafka.address(), null, dir);
        spec.rates = List.of(Rate.parse("1000/s"));
        spec.pacing(set -> set.withWarmup(Durations.parse("2s")));
        spec.pacing(set -> set.withDuration(Durations.parse("45s")));
        spec.probe(set -> set.withTimeout(Durations.parse("2s")));
        RunSpec run = spec.build("unused");
        CompletableFuture<RunResult> running = Runs.inBackground("run", () -> Runs.run(run));

        awaitInTopic(kafka.address(), run.kafka().topic(), 7_000, running); // 2 s of warmup, 5 s of the step
        signal("STOP", clickhouse.pid());
        try {
            Thread.sleep(FROZEN.toMillis());
        } finally {
            signal("CONT", clickhouse.pid());
        }
        assertThat(running).as("frozen mid-run").isNotDone();

        RunResult result = running.get(3, TimeUnit.MINUTES);
        StepResult step = result.steps().get(0);
        LOG.info("clickhouse frozen {} s; {}", FROZEN.toSeconds(), step);
        assertThat(result.complete()).isTrue();
        assertThat(step.probeErrors()).as("the outage, as failed probes").isPositive();
        assertThat(step.events().lost()).isZero();
        assertThat(step.events().landed()).isEqualTo(step.events().produced());
        // the first probe answered after it sees the newest event of before the freeze: ~30 s old
        assertThat(step.latencyMs().get(Metrics.DATA).max()).isGreaterThan(FROZEN.toMillis() * 0.8);
    }

    /** Waits until the run's topic holds {@code events}, that is, until its step has reached a known point. */
    private static void awaitInTopic(
            String bootstrapServers, String topic, long events, CompletableFuture<RunResult> running) {
        try (Admin admin = KafkaClients.admin(bootstrapServers)) {
            await().atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(200))
                    .failFast("the run ended", running::isDone)
                    .until(() -> KafkaClients.records(admin, topic) >= events);
        }
    }

    private static void signal(String signal, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                .inheritIO()
                .start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).as("kill -%s %d", signal, pid).isZero();
    }
}
