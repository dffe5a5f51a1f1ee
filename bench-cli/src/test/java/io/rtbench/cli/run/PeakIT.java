package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.engine.RanOut;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code rtbench peak} finds a capacity that is known: the reference target's write limit. */
@ExtendWith(ServersExtension.class)
@Order(SuiteOrder.LONG)
class PeakIT {

    @TempDir
    Path dir;

    @Test
    void findsTheReferenceTargetsWriteLimit(@RealServer("kafka") RunningServer kafka) {
        Path result = dir.resolve("peak.json");
        StringWriter out = new StringWriter();
        CommandLine peak = CommandLines.commandLine(new PeakCommand());
        peak.setOut(new PrintWriter(out, true));

        int exit = peak.execute(
                "--target",
                "reference",
                "--servers",
                "external",
                "--target-url",
                "reference://peak",
                "--bootstrap-servers",
                kafka.address(),
                "--topic-name-unused-guard",
                "x");
        assertThat(exit).as("unknown flags are refused").isEqualTo(CommandLines.USAGE);

        exit = peak.execute(
                "--target",
                "reference",
                "--servers",
                "external",
                "--target-url",
                "reference://peak",
                "--bootstrap-servers",
                kafka.address(),
                "--target-option",
                "write.limit=1200/s",
                "--start-rate",
                "400/s",
                "--growth",
                "2",
                "--precision",
                "0.25",
                "--warmup",
                "1s",
                "--duration",
                "6s",
                "--prometheus-port",
                "0",
                "--result",
                result.toString());

        assertThat(exit).isEqualTo(CommandLines.OK);
        RunResult run = ResultFiles.read(result);
        // Rates well within what producer, broker, bridge and evaluator manage on two loaded cores, so that the
        // target's
        // limit, not the machine, is what the search finds. The steps are in the message when this fails.
        String steps = ResultFiles.toJson(run);
        assertThat(run.steps())
                .as(steps)
                .extracting(s -> s.rate().targetEventsPerSec())
                .startsWith(400.0, 800.0, 1_600.0);
        StepResult overLimit = run.steps().get(2);
        assertThat(overLimit.sustained()).as("1,600/s against a 1,200/s target").isFalse();
        assertThat(run.peak().sustainedEventsPerSec()).as(steps).isBetween(780.0, 1_220.0);
        assertThat(run.peak().criterion()).contains("backlog slope");
        // What ran out at the last try of the rate above the peak: rtbench's process (here the test JVM, the in-process
        // target inside it) and this
        // machine were measured, and the reference target's write limit uses no CPU: unless the tests beside this one
        // filled the JVM or the machine, no CPU ran out and the limit is the database's own.
        StepResult lastTry = run.steps().stream()
                .filter(step -> step.rate()
                        .targetEventsPerSec()
                        .equals(run.peak().notSustainedAbove().targetEventsPerSec()))
                .reduce((first, second) -> second)
                .orElseThrow();
        HostUtilisation host = lastTry.host();
        assertThat(host).as(steps).isNotNull();
        assertThat(host.harness().parts()).as(steps).containsKey("rtbench");
        assertThat(host.harness().parts().get("rtbench").cores()).as(steps).isPositive();
        assertThat(host.machine().cores()).as(steps).isPositive();
        RanOut.Verdict verdict = RanOut.judge(lastTry).orElseThrow();
        boolean busy = host.machine().summary().cpuPercentMean() >= 90
                || host.harness().cpuShareOfCores() >= 90;
        if (!busy) {
            assertThat(verdict.causes()).as(steps).containsExactly(RanOut.Cause.DATABASE);
        }
        assertThat(run.peak().notSustainedAbove().reasons()).as(steps).contains(verdict.text());
        assertThat(out.toString()).contains(verdict.text());
        assertThat(out.toString()).contains("peak: ");
    }
}
