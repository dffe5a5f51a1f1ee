package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.utilisation.HostUtilisation;
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
            harnessWithTheInJvmBroker(step.host().harness());
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

    /**
     * The broker that quickstart starts runs in rtbench's JVM (here the test's): its threads are a part of the harness of
     * their own, rtbench's part is the rest of the process, and the total is still the process's (docs/MEASUREMENT.md,
     * "The harness and the machine").
     */
    private static void harnessWithTheInJvmBroker(HostUtilisation.Harness harness) {
        assertThat(harness.parts()).containsOnlyKeys("rtbench", "kafka");
        Utilisation kafka = harness.parts().get("kafka");
        Utilisation rtbench = harness.parts().get("rtbench");
        assertThat(kafka.source()).isEqualTo("threads");
        assertThat(kafka.summary().cpuPercentMean())
                .as("a broker taking 400 events/s")
                .isPositive();
        assertThat(kafka.summary().rssBytesMax())
                .as("a thread group's memory cannot be read: absent, not 0")
                .isNull();
        assertThat(kafka.cores()).as("the JVM's CPUs").isEqualTo(rtbench.cores());
        assertThat(harness.summary().rssBytesMax())
                .as("the JVM's memory, once")
                .isEqualTo(rtbench.summary().rssBytesMax());
        assertThat(harness.summary().cpuPercentMean())
                .as("the parts add up, second by second")
                .isCloseTo(rtbench.summary().cpuPercentMean() + kafka.summary().cpuPercentMean(), within(0.5));
    }
}
