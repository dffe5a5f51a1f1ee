package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.event.DocSizeStats;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.StepResult;
import io.rtbench.producer.PhaseOutcome;
import io.rtbench.producer.ProducerSettings;
import io.rtbench.producer.ProducerStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunSettingsTest {

    @TempDir
    Path dir;

    @Test
    void kafkaClientPropertiesReachTheProducerButNeverTheResult() throws IOException {
        Path file = Files.writeString(
                dir.resolve("kafka.properties"),
                "security.protocol=SASL_SSL\nsasl.jaas.config=secret-login-module password=\"hunter2\";\n");
        RunSpecBuilder builder = new RunSpecBuilder();
        builder.target = "clickhouse";
        builder.kafkaConfig = file.toString();

        RunSpec spec = builder.build("unused.json");
        ProducerSettings producer = RunSettings.producer(spec, "127.0.0.1:9092", null);

        assertThat(producer.kafka().clientConfig()).containsEntry("security.protocol", "SASL_SSL");
        String scenario = new ObjectMapper().writeValueAsString(RunSettings.scenario(spec));
        assertThat(scenario).doesNotContain("hunter2").doesNotContain("sasl");
    }

    /**
     * A rate the producer could not reach: the phase ended on time, 2 s on the wall clock, with a quarter of its
     * events unsent. The achieved rate is over those 2 s, and the step is not sustained even though no backlog was
     * sampled (direct pipeline) to say so.
     */
    @Test
    void aStepWhoseProducerFellBehindIsNotSustainedAndItsRateIsOverWallClockTime() {
        RunSpecBuilder builder = new RunSpecBuilder();
        builder.target = "clickhouse";
        RunSpec spec = builder.build("unused.json");
        ProducerStats stats = new ProducerStats();
        stats.sent(15_000, 15_000 * 1250L);
        RunSpec.StepPlan plan = new RunSpec.StepPlan(Rate.ofEventsPerSecond(10_000), 50);

        StepResult behind = step(spec, plan, stats, new PhaseOutcome(2.0, 20_000, 5_000, 500, true));
        StepResult onTime = step(spec, plan, stats, new PhaseOutcome(2.0, 15_000, 0, 0, false));

        assertThat(behind.durationSec()).isEqualTo(2.0);
        assertThat(behind.rate().achievedEventsPerSec()).isEqualTo(7_500.0);
        assertThat(behind.sustained()).isFalse();
        // The same counts on schedule are judged by the achieved rate alone: 75 % of the target is not sustained
        // either.
        assertThat(onTime.sustained()).isFalse();
        stats.sent(4_900, 4_900 * 1250L);
        assertThat(step(spec, plan, stats, new PhaseOutcome(2.0, 20_000, 100, 1, false))
                        .sustained())
                .isTrue();
    }

    private static StepResult step(RunSpec spec, RunSpec.StepPlan plan, ProducerStats stats, PhaseOutcome phase) {
        return RunSettings.step(spec, plan, stats, new DocSizeStats(), phase, null, 0, Map.of(), null, "s.hlog");
    }

    @Test
    void anUnreadableKafkaConfigIsNamed() {
        RunSpecBuilder builder = new RunSpecBuilder();
        builder.kafkaConfig = dir.resolve("missing.properties").toString();

        assertThatThrownBy(() -> builder.build("unused.json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("kafkaConfig: cannot read " + dir.resolve("missing.properties"));
    }
}
