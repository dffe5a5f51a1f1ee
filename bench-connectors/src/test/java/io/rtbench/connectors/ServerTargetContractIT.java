package io.rtbench.connectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.utilisation.UtilisationSource;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The contract, plus what only a target with a server has to keep: failing fast, in one line, when nothing answers.
 * The in-process targets ({@code null}, {@code reference}) extend {@link TargetContractIT} directly.
 */
public abstract class ServerTargetContractIT extends TargetContractIT {

    /** A configuration of this kind whose server cannot be reached (nothing listens there), with a short timeout. */
    protected abstract TargetConfig unreachableConfig();

    /**
     * What this kind's stats API measures of the server (docs/MEASUREMENT.md, "Target utilisation"): some of
     * {@code cpu}, {@code rss}, {@code disk}; empty when the driver has no utilisation source. A figure not named here
     * must be absent or, where a server version has it, positive: never 0 for "not measured".
     */
    protected Set<String> utilisationMeasures() {
        return Set.of();
    }

    @Test
    void theStatsApiReportsWhatItMeasuresAndNothingElse() {
        TargetConfig config = config(uniqueCollection());
        Optional<UtilisationSource> found = Targets.provider(config.kind()).utilisation(config);
        assertThat(found.isPresent()).isEqualTo(!utilisationMeasures().isEmpty());
        if (found.isEmpty()) {
            return;
        }
        try (UtilisationSource source = found.get()) {
            Target target = open(config);
            target.ensureCollection();
            source.read();
            // A server refreshes its own stats on a schedule (Elasticsearch's and OpenSearch's process stats are
            // cached for 1 s): CPU is the difference between two readings, so write, then read again, for each second
            // until the server has published what the writes cost, for at most 15 s.
            await().atMost(Duration.ofSeconds(15))
                    .pollInterval(Duration.ofMillis(1_100))
                    .untilAsserted(() -> {
                        long startMicros = nowMicros();
                        for (int from = 0; from < EVENTS_PER_GENERATOR; from += 50) {
                            assertAllWritten(
                                    target.write(TestEvents.batch(newGeneratorId(), from, 50, startMicros)), 50);
                        }
                        assertMeasures(source.read());
                    });
            assertThat(source.name()).isEqualTo("api:" + config.kind());
        }
    }

    private void assertMeasures(Reading reading) {
        Map<String, Number> figures = new HashMap<>();
        figures.put("cpu", reading.cpuPercent());
        figures.put("rss", reading.rssBytes());
        figures.put("disk", reading.diskBytes());
        figures.forEach((figure, value) -> {
            if (utilisationMeasures().contains(figure)) {
                assertThat(value).as(figure).isNotNull();
                assertThat(value.doubleValue()).as(figure).isPositive();
            } else if (value != null) {
                assertThat(value.doubleValue())
                        .as(figure + ", where this version has it")
                        .isPositive();
            }
        });
    }

    @Test
    void unreachableServerFailsFastWithAClearMessage() {
        TargetConfig config = unreachableConfig();
        Target target = open(config);
        long startNanos = System.nanoTime();

        assertThatThrownBy(target::ensureCollection)
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith(config.kind() + " at ")
                .hasMessageContaining("cannot connect")
                .hasMessageContaining("check")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> target.newestEventTimeMicros(1)).isInstanceOf(TargetException.class);
        assertThatThrownBy(() -> target.write(TestEvents.batch(1, 0, 5, nowMicros())))
                .isInstanceOf(TargetException.class);

        Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
        assertThat(elapsed).isLessThan(config.timeout().plusSeconds(1));
    }
}
