package io.rtbench.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.Servers;
import io.rtbench.servers.local.FreePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ProduceCommandIT {

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
    void aBrokerLostMidRunEndsTheRunInOneLine(@TempDir Path dir) throws Exception {
        // A broker of its own: the shared one must outlive this test.
        RunningServer kafka = Servers.provider(System.getenv()).start(ServerKind.KAFKA, ServerOptions.DEFAULT);
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
