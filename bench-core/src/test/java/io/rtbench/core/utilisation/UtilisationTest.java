package io.rtbench.core.utilisation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.utilisation.Utilisation.Sample;
import io.rtbench.core.utilisation.Utilisation.Summary;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
    void theHarnessAndTheMachineOfForksFollowOneAnotherPartByPartAndAPartOneForkLackedKeepsItsTime() {
        List<Sample> one = List.of(new Sample(0, null, 1L, null), new Sample(1, 40.0, 2L, null));
        List<Sample> two = List.of(new Sample(0, null, 3L, null), new Sample(1, 80.0, 3L, null));
        HostUtilisation first = new HostUtilisation(
                new HostUtilisation.Harness(2, Summary.of(one), one, Map.of("rtbench", Utilisation.of("process", one))),
                new HostUtilisation.Machine(2, Summary.of(one), one));
        HostUtilisation second = new HostUtilisation(
                new HostUtilisation.Harness(
                        2,
                        Summary.of(two),
                        two,
                        Map.of("rtbench", Utilisation.of("process", two), "kafka", Utilisation.of("process", two))),
                null);

        HostUtilisation merged = HostUtilisation.concat(Arrays.asList(first, null, second), List.of(5.0, 5.0, 5.0));

        assertThat(merged.harness().series()).extracting(Sample::offsetSec).containsExactly(0.0, 1.0, 10.0, 11.0);
        assertThat(merged.harness().summary()).isEqualTo(new Summary(60.0, 80.0, 3L, null, null, 4));
        assertThat(merged.harness().parts().get("kafka").series())
                .as("Kafka of the third fork only, at its place")
                .extracting(Sample::offsetSec)
                .containsExactly(10.0, 11.0);
        assertThat(merged.machine().series()).hasSize(2);
        assertThat(merged.machine().cores()).isEqualTo(2);
        assertThat(HostUtilisation.concat(Arrays.asList(null, null), List.of(1.0, 1.0)))
                .isNull();
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
