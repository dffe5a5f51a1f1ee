package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * {@code rtbench run} whose Kafka or database is killed (SIGKILL, not a pause) once its first step is written: the run
 * ends within its connect and retry timeouts, long before its second step would, with one line and exit 1; the result
 * file keeps the finished step, marked {@code complete: false} (docs/GUIDE.md, "rtbench run").
 */
@ExtendWith(ServersExtension.class)
@LocalProviderOnly("kills the servers' own processes")
@Order(SuiteOrder.LONG)
class KilledServerIT {

    private static final Logger LOG = LoggerFactory.getLogger(KilledServerIT.class);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration RETRY_TIMEOUT = Duration.ofSeconds(5);
    /**
     * Each step: the second, where the kill comes, would last this long; longer than what the run may take to end after
     * the kill (connect and retry timeouts and the closing, 15 s), so that ending on time is told from ending with it.
     */
    private static final Duration STEP = Duration.ofSeconds(18);
    /** Closing what is left (the probe's and the backlog's clients) after the stage that failed. */
    private static final Duration CLOSING = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    @Test
    void aRunWhoseKafkaIsKilledEndsWithinItsTimeouts(@RealServer("clickhouse") RunningServer clickhouse)
            throws Exception {
        ServerControl control = new ServerControl(dir.resolve("state"));
        ServerState kafka = control.start(
                ServerKind.KAFKA,
                new ServerConfig(
                        FreePorts.free(),
                        Map.of("log.dirs", dir.resolve("kafka-data").toString())));
        try {
            String err = runAndKill(clickhouse.address(), kafka.address(), kafka.daemonPid());

            // the producer or the bridge, whichever gives up first; Kafka's client names the missing topic
            assertThat(err).containsAnyOf("Kafka at " + kafka.address(), "not present in metadata");
        } finally {
            control.stop(ServerKind.KAFKA); // forgets the killed one
        }
    }

    @Test
    void aRunWhoseDatabaseIsKilledEndsWithinItsTimeouts(
            @RealServer("kafka") RunningServer kafka,
            @OwnServer(value = "clickhouse", why = "killed with SIGKILL") RunningServer clickhouse)
            throws Exception {
        String err = runAndKill(clickhouse.address(), kafka.address(), clickhouse.pid());

        assertThat(err)
                .startsWith("rtbench run: the bridge stopped: the target kept failing for ")
                .contains("clickhouse at " + clickhouse.address());
    }

    /** Runs two steps, kills {@code pid} once the first is written, and checks how the run ended. */
    private String runAndKill(String clickhouseUrl, String bootstrapServers, long pid) throws Exception {
        String name = "killed_" + UUID.randomUUID().toString().substring(0, 8);
        Path result = dir.resolve(name + ".json");
        StringWriter err = new StringWriter();
        CommandLine run = CommandLines.commandLine(new RtbenchCommand());
        run.setOut(new PrintWriter(new StringWriter(), true));
        run.setErr(new PrintWriter(err, true));
        String[] args = {
            "run",
            "--servers",
            "external",
            "--target",
            "clickhouse",
            "--target-url",
            clickhouseUrl,
            "--bootstrap-servers",
            bootstrapServers,
            "--collection",
            name,
            "--topic",
            "events." + name,
            "--rates",
            "500/s,500/s",
            "--warmup",
            "1s",
            "--duration",
            STEP.toSeconds() + "s",
            "--probe-interval",
            "250ms",
            "--connect-timeout",
            CONNECT_TIMEOUT.toSeconds() + "s",
            "--retry-timeout",
            RETRY_TIMEOUT.toSeconds() + "s",
            "--prometheus-port",
            "0",
            "--result",
            result.toString()
        };
        CompletableFuture<Integer> exit = Runs.inBackground("rtbench run", () -> run.execute(args));

        await().atMost(STEP.multipliedBy(3))
                .pollInterval(Duration.ofMillis(100))
                .failFast("the run ended before its first step was written: " + err, exit::isDone)
                .until(() -> Files.exists(result)
                        && !ResultFiles.read(result).steps().isEmpty());
        long killedNanos = System.nanoTime();
        assertThat(ProcessHandle.of(pid).orElseThrow().destroyForcibly()).isTrue(); // SIGKILL
        int code = exit.get(5, TimeUnit.MINUTES);
        Duration afterKill = Duration.ofNanos(System.nanoTime() - killedNanos);
        LOG.info(
                "the run ended {} ms after the kill, exit {}: {}",
                afterKill.toMillis(),
                code,
                err.toString().strip());

        assertThat(code).as(err.toString()).isEqualTo(CommandLines.FAILURE);
        assertThat(err.toString().lines()).as(err.toString()).hasSize(1);
        assertThat(err.toString()).doesNotContain("\tat ");
        assertThat(afterKill)
                .as("within the connect and retry timeouts, and the closing, long before the step's end")
                .isLessThan(CONNECT_TIMEOUT.plus(RETRY_TIMEOUT).plus(CLOSING))
                .isLessThan(STEP);
        RunResult written = ResultFiles.read(result);
        assertThat(written.complete()).isFalse();
        StepResult first = written.steps().get(0);
        assertThat(first.events().lost()).isZero();
        assertThat(first.events().landed()).isEqualTo(first.events().produced());
        assertThat(written.steps())
                .as("the first step, and the failed one if it got that far")
                .hasSizeBetween(1, 2);
        return err.toString();
    }
}
