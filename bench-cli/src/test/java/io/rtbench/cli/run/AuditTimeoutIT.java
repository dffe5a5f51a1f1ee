package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --audit-timeout} of the pipeline commands (scenarios/README.md): how long a step's audit waits for the events
 * still on their way into the target before it counts the rest as lost.
 */
@ExtendWith(ServersExtension.class)
class AuditTimeoutIT {

    @Test
    void aFlagAScenarioKeyAndTheDefaultReachTheRunAndItsResult(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("a.yaml"), "target: reference\nauditTimeout: 45s\n");

        RunSpec byDefault = RunArgs.parse("run", "--target", "reference").build("unused.json");
        RunSpec scenario =
                RunArgs.parse("sweep", file.toString(), "--rates", "1MB").build("unused.json");
        RunSpec flag =
                RunArgs.parse("peak", file.toString(), "--audit-timeout", "2m").build("unused.json");

        assertThat(byDefault.run().auditTimeout()).hasSeconds(60);
        assertThat(RunSpecMapping.scenario(byDefault).settings()).containsEntry("auditTimeout", "1m");
        assertThat(scenario.run().auditTimeout()).hasSeconds(45);
        assertThat(RunSpecMapping.scenario(scenario).settings()).containsEntry("auditTimeout", "45s");
        assertThat(flag.run().auditTimeout()).hasMinutes(2);
        assertThatThrownBy(() -> RunArgs.parse("run", "--audit-timeout", "0s").build("unused.json"))
                .hasMessage("--audit-timeout must be positive, got 0s");
    }

    /**
     * A sink slower than the producer (the reference target takes 150 events/s, the producer makes 500/s) leaves
     * thousands of events in Kafka when the step ends, landing at a steady pace: the audit waits for them for its
     * timeout, then counts what has not landed as lost. The same run with a timeout longer than the catching up loses
     * nothing, so the timeout, and nothing else, is what gave up.
     */
    @Test
    void theAuditCountsWhatHasNotLandedWithinItsTimeoutAsLost(
            @RealServer("kafka") RunningServer kafka, @TempDir Path dir) {
        StepResult impatient = slowSink(kafka, dir, Duration.ofSeconds(1));
        StepResult patient = slowSink(kafka, dir, Duration.ofSeconds(60));

        assertThat(impatient.events().lost())
                .as(
                        "produced %s, landed %s",
                        impatient.events().produced(), impatient.events().landed())
                .isPositive();
        assertThat(patient.events().lost()).isZero();
        assertThat(patient.events().landed()).isEqualTo(patient.events().produced());
    }

    private static StepResult slowSink(RunningServer kafka, Path dir, Duration auditTimeout) {
        RunSpecBuilder builder = Runs.external("kafka-bridge", "reference", null, kafka, null, dir);
        builder.target(set -> set.withOptions(Map.of("write.limit", "150/s")));
        builder.run(set -> set.withAuditTimeout(auditTimeout));
        RunSpec spec = builder.build("unused");
        assertThat(RunSpecMapping.scenario(spec).settings())
                .containsEntry("auditTimeout", Durations.format(auditTimeout));
        return Runs.run(spec).steps().get(0);
    }
}
