package io.rtbench.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.local.FreePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

@ExtendWith(ServersExtension.class)
class ProduceCommandIT {

    /**
     * A rate no producer reaches ends on time and reports the rate it reached. Before, the run worked through its whole
     * schedule: 10^12 events/s for 1 s ran past 120 s, and 20 GB/s for 2 s took 9 s and reported 20,000 MB/s.
     */
    @ParameterizedTest
    @CsvSource({"1000000000000/s, 1", "20GB, 2"})
    void anUnreachableRateEndsOnTimeAndReportsTheRateReached(String rate, int seconds, @TempDir Path dir) {
        StringWriter out = new StringWriter();
        CommandLine cmd = command(new StringWriter());
        cmd.setOut(new PrintWriter(out, true));
        Path resultFile = dir.resolve("unreachable.json");

        long start = System.nanoTime();
        int exit = cmd.execute(
                "--sink", "null", "--rate", rate, "--duration", seconds + "s", "--result", resultFile.toString());
        double wallSeconds = (System.nanoTime() - start) / 1e9;

        assertThat(exit).isEqualTo(CommandLines.OK);
        // The measured phase plus the generator's start (its value pools) and the result file, not the schedule.
        assertThat(wallSeconds).isLessThan(seconds + 3.0);
        RunResult result = ResultFiles.read(resultFile);
        StepResult step = result.steps().get(0);
        assertThat(step.durationSec()).isBetween((double) seconds, seconds + 0.1);
        assertThat(step.rate().achievedEventsPerSec())
                .as("events over the wall-clock time of the phase")
                .isCloseTo(step.events().produced() / step.durationSec(), within(1.0))
                .isLessThan(step.rate().targetEventsPerSec() / 2);
        assertThat(step.events().produced()).isPositive();
        assertThat(step.sustained()).isFalse();
        assertThat(result.complete()).isTrue();
        assertThat(out.toString()).contains("not sustained: ").contains("behind schedule");
    }

    /**
     * {@code acks=1} in {@code --producer-config}: before, rtbench's explicit idempotence made Kafka refuse it ("Must
     * set acks to all in order to use the idempotent producer"). Now the default is dropped, as Kafka's own client
     * drops its own, and the result's settings say so.
     */
    @Test
    void acksOneWithoutIdempotenceProducesIntoARealBroker(@RealServer("kafka") RunningServer kafka, @TempDir Path dir)
            throws Exception {
        Path config = Files.writeString(dir.resolve("producer.properties"), "acks=1\n");
        Path resultFile = dir.resolve("acks1.json");
        String topic = "acks1-" + UUID.randomUUID();
        StringWriter err = new StringWriter();

        int exit = command(err)
                .execute(
                        "--bootstrap-servers",
                        kafka.address(),
                        "--topic",
                        topic,
                        "--partitions",
                        "1",
                        "--rate",
                        "2000/s",
                        "--duration",
                        "2s",
                        "--producer-config",
                        config.toString(),
                        "--result",
                        resultFile.toString());

        assertThat(exit).as(err.toString()).isEqualTo(CommandLines.OK);
        RunResult result = ResultFiles.read(resultFile);
        StepResult step = result.steps().get(0);
        assertThat(step.events().produced()).isEqualTo(4_000);
        assertThat(step.events().failed()).isZero();
        assertThat(step.sustained()).isTrue();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address()))) {
            assertThat(endOffset(admin, topic)).isEqualTo(4_000);
        }
        assertThat(result.scenario().settings().get("producerConfig"))
                .isEqualTo(Map.of(
                        "acks",
                        "1",
                        "enable.idempotence",
                        "false (rtbench's default true dropped: acks=1 rules it out, as in Kafka's own client)"));
    }

    @Test
    void anUnreachableBrokerFailsWithinTheTimeoutInOneLine() {
        StringWriter err = new StringWriter();
        CommandLine cmd = command(err);
        int closedPort = FreePorts.free();

        long start = System.nanoTime();
        int exit = cmd.execute(
                "--bootstrap-servers", "127.0.0.1:" + closedPort, "--connect-timeout", "2s", "--duration", "5s");
        double seconds = (System.nanoTime() - start) / 1e9;

        assertThat(exit).isEqualTo(CommandLines.FAILURE);
        assertThat(seconds).isLessThan(6);
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(err.toString())
                .startsWith("produce: cannot reach Kafka at 127.0.0.1:" + closedPort + " within 2 s")
                .contains("--bootstrap-servers");
    }

    /**
     * A broker that goes away mid-run: the first event that fails ends the run, and what was still in flight is
     * dropped and counted instead of waited for (Kafka's delivery.timeout.ms, 2 minutes). Before, every further send
     * waited max.block.ms and the run never ended.
     */
    @Test
    void aBrokerLostMidRunEndsTheRunInOneLine(
            @TempDir Path dir, @OwnServer(value = "kafka", why = "stopped mid-run") RunningServer kafka)
            throws Exception {
        String topic = "lost-broker";
        StringWriter err = new StringWriter();
        CommandLine cmd = command(err);
        CompletableFuture<Integer> run;
        long lostAt;
        try (kafka) { // closed at the end of this block, which is the loss; also if the run never got going
            // 25 MB/s fills the producer's 32 MB buffer within 2 s of the loss; then a send waits --connect-timeout.
            run = CompletableFuture.supplyAsync(() -> cmd.execute(
                    "--bootstrap-servers", kafka.address(),
                    "--topic", topic,
                    "--partitions", "1",
                    "--rate", "20000/s",
                    "--duration", "5m",
                    "--connect-timeout", "2s",
                    "--result", dir.resolve("lost.json").toString()));
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address()))) {
                await().atMost(Duration.ofSeconds(60)).until(() -> endOffset(admin, topic) > 10_000);
            }
            lostAt = System.nanoTime();
        }
        int exit = run.get(60, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - lostAt) / 1e9;

        assertThat(exit).isEqualTo(CommandLines.FAILURE);
        assertThat(seconds).isLessThan(15);
        assertThat(err.toString().lines()).hasSize(1);
        Matcher line = Pattern.compile(
                        "^produce: the producer stopped: (\\d+) events were not acknowledged; first reason: \\w+")
                .matcher(err.toString());
        assertThat(line.find()).as(err.toString()).isTrue();
        // The result file says the same: what was in flight when the run stopped is counted, not left out.
        RunResult result = ResultFiles.read(dir.resolve("lost.json"));
        assertThat(result.complete()).isFalse();
        assertThat(result.steps().get(0).events().failed()).isEqualTo(Long.parseLong(line.group(1)));
    }

    private static CommandLine command(StringWriter err) {
        CommandLine cmd = CommandLines.commandLine(new ProduceCommand());
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));
        return cmd;
    }

    private static long endOffset(Admin admin, String topic) {
        try {
            TopicPartition partition = new TopicPartition(topic, 0);
            return admin.listOffsets(Map.of(partition, OffsetSpec.latest()))
                    .partitionResult(partition)
                    .get()
                    .offset();
        } catch (Exception notYet) {
            return -1;
        }
    }
}
