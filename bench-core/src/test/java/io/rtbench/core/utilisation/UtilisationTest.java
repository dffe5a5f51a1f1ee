package io.rtbench.core.utilisation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.utilisation.Utilisation.Sample;
import io.rtbench.core.utilisation.Utilisation.Summary;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class UtilisationTest {

    @Test
    void aFigureNoSampleHasIsAbsentFromTheSummaryNotZero() {
        Summary summary = Summary.of(List.of(new Sample(0, null, null, 5L), new Sample(1, null, null, 7L)));

        assertThat(summary).isEqualTo(new Summary(null, null, null, 5L, 7L, 2));
    }

    @Test
    void summarisesCpuAsMeanAndMaxAndMemoryAsMax() {
        Summary summary = Summary.of(List.of(
                new Sample(0, null, 300L, null), new Sample(1, 20.0, 100L, null), new Sample(2, 180.0, 200L, null)));

        assertThat(summary.cpuPercentMean()).isEqualTo(100.0);
        assertThat(summary.cpuPercentMax()).isEqualTo(180.0);
        assertThat(summary.rssBytesMax()).isEqualTo(300L);
        assertThat(summary.samples()).isEqualTo(3);
    }

    @Test
    void forksFollowOneAnotherAndAForkWithoutUtilisationKeepsItsTime() {
        Utilisation first =
                Utilisation.of("process", List.of(new Sample(0, null, 1L, 1L), new Sample(1, 50.0, 2L, 1L)));
        Utilisation third = Utilisation.of("process", List.of(new Sample(0.5, 150.0, 4L, 9L)));

        Utilisation merged = Utilisation.concat(Arrays.asList(first, null, third), List.of(10.0, 10.0, 10.0));

        assertThat(merged.series()).extracting(Sample::offsetSec).containsExactly(0.0, 1.0, 20.5);
        assertThat(merged.summary()).isEqualTo(new Summary(100.0, 150.0, 4L, 1L, 9L, 3));
        assertThat(Utilisation.concat(Arrays.asList(null, null), List.of(1.0, 1.0)))
                .isNull();
    }

    @Test
    void cpuIsCpuTimeOverWallTimeInPercentOfOneCore() {
        CumulativeCpu cpu = new CumulativeCpu();

        assertThat(cpu.percent(10.0, 0)).as("first reading").isNull();
        assertThat(cpu.percent(12.0, 1_000_000_000L)).isEqualTo(200.0);
        assertThat(cpu.percent(12.5, 2_000_000_000L)).isEqualTo(50.0);
        assertThat(cpu.percent(1.0, 3_000_000_000L)).as("counter restarted").isEqualTo(0.0);
        assertThat(cpu.percent(2.0, 3_000_000_000L)).as("no wall time").isNull();
        assertThat(cpu.percent(2.0, 3_020_000_000L))
                .as("a late tick and its catch-up 20 ms apart: no figure of its own")
                .isNull();
        assertThat(cpu.percent(2.5, 4_000_000_000L))
                .as("the next reading covers the whole second since the last counted one")
                .isEqualTo(150.0);
    }
}
