package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.ExternalPrograms;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.local.FreePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * What a real run serves at {@code /metrics} passes {@code promtool check metrics} (Prometheus's own linter: quantiles
 * only on summaries, counters ending in {@code _total}, base units), scraped while the run measures, when every stage
 * has had samples.
 */
@ExtendWith(ServersExtension.class)
class PrometheusConventionsIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    @Test
    void aLiveScrapeDuringARunIsCleanForPromtool(@RealServer("kafka") RunningServer kafka) throws Exception {
        Path promtool = ExternalPrograms.require("promtool", "prometheus");
        int port = FreePorts.free();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine run = CommandLines.commandLine(new RunCommand());
        run.setOut(new PrintWriter(out, true));
        run.setErr(new PrintWriter(err, true));
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> run.execute(
                "--target",
                "reference",
                "--servers",
                "external",
                "--target-url",
                "reference://promtool-" + UUID.randomUUID(),
                "--bootstrap-servers",
                kafka.address(),
                "--rate",
                "500/s",
                "--warmup",
                "1s",
                "--duration",
                "8s",
                "--probe-interval",
                "250ms",
                "--prometheus-port",
                Integer.toString(port),
                "--result",
                dir.resolve("run.json").toString()));

        String scrape = scrapeOnceEveryStageHasSamples(port, exit);
        Path exposition = Files.writeString(dir.resolve("metrics.txt"), scrape);
        Process check = new ProcessBuilder(promtool.toString(), "check", "metrics")
                .redirectInput(exposition.toFile())
                .redirectErrorStream(true)
                .start();
        String verdict = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(check.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(verdict).as("promtool check metrics on:%n%s", scrape).isEmpty();
        assertThat(check.exitValue()).isZero();
        assertThat(scrape)
                .contains("# TYPE rtbench_stage_latency_seconds summary")
                .contains("# TYPE rtbench_data_latency_seconds histogram")
                .contains("# TYPE rtbench_data_latency_quantiles_seconds summary")
                .contains("# TYPE rtbench_probe_errors_total counter");
        assertThat(exit.get(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                .as("%s%s", out, err)
                .isEqualTo(CommandLines.OK);
    }

    /** The endpoint's text once it shows every stage and data latency, polled while the run goes on. */
    private static String scrapeOnceEveryStageHasSamples(int port, CompletableFuture<Integer> run) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(5))
                .build();
        List<String> wanted = StageGauges.STAGES.stream()
                .map(stage -> "stage=\"" + stage + "\"")
                .toList();
        String last = "";
        long deadline = System.nanoTime() + RUN_TIMEOUT.toNanos();
        while (!run.isDone() && System.nanoTime() < deadline) {
            try {
                last = HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
            } catch (ConnectException notYet) {
                // the endpoint opens as the run starts
            }
            String body = last;
            if (body.contains("rtbench_data_latency_seconds_bucket")
                    && wanted.stream().allMatch(body::contains)) {
                return body;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("no scrape with every stage before the run ended; the last one:\n" + last);
    }
}
