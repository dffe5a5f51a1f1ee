package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.utilisation.Utilisation;
import io.rtbench.servers.junit.SuiteOrder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The README's first command, shortened: it starts its own Kafka and OpenSearch, sweeps, and leaves a result, an HTML
 * report and a CSV whose paths it prints.
 */
@Order(SuiteOrder.LONG)
class QuickstartIT {

    @TempDir
    Path dir;

    @Test
    void sweepsALocalOpenSearchAndWritesResultAndReport() throws Exception {
        StringWriter out = new StringWriter();
        CommandLine quickstart = CommandLines.commandLine(new QuickstartCommand());
        quickstart.setOut(new PrintWriter(out, true));

        int exit = quickstart.execute(
                "--rates",
                "500KB,1MB",
                "--step-duration",
                "5s",
                "--prefill",
                "5000",
                "--prometheus-port",
                "0",
                "--out",
                dir.toString());

        assertThat(exit).as(out.toString()).isEqualTo(CommandLines.OK);
        RunResult result = ResultFiles.read(dir.resolve("result.json"));
        assertThat(result.complete()).isTrue();
        assertThat(result.scenario().target()).isEqualTo("opensearch");
        assertThat(result.steps()).hasSize(2);
        assertThat(result.scenario().prefillEvents()).isEqualTo(5_000);
        assertThat(result.steps().get(0).events().produced())
                .as("the first step's generators wrote the prefill, then 10 s at 400 events/s")
                .isGreaterThan(5_000);
        for (StepResult step : result.steps()) {
            assertThat(step.events().produced()).isPositive();
            assertThat(step.events().landed()).isEqualTo(step.events().produced());
            assertThat(step.events().lost()).isZero();
            assertThat(step.latencyMs().get("data").count()).isPositive();
            // the OpenSearch rtbench started, read from /proc once a second of the 5 s step (docs/MEASUREMENT.md)
            Utilisation utilisation = step.utilisation();
            assertThat(utilisation.source()).isEqualTo("process");
            assertThat(utilisation.summary().samples()).isBetween(4, 7);
            assertThat(utilisation.summary().cpuPercentMax())
                    .as("a JVM indexing")
                    .isPositive();
            assertThat(utilisation.summary().rssBytesMax()).as("a JVM's heap").isGreaterThan(100L << 20);
            assertThat(utilisation.summary().diskBytesLast()).isPositive();
        }
        Path html = dir.resolve("result.html");
        Path csv = dir.resolve("result.csv");
        assertThat(Files.readString(html)).contains("<img").contains("CPU over time: ");
        assertThat(Files.readAllLines(csv)).hasSizeGreaterThan(2);
        assertThat(Files.readAllLines(csv).get(1)).contains(",process,");
        assertThat(out.toString())
                .contains("result: " + dir.resolve("result.json").toAbsolutePath())
                .contains("report: " + html.toAbsolutePath())
                .contains("data p50");
    }
}
