package io.rtbench.core.utilisation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.result.StepResult;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class UtilisationSamplerTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final Deque<Object> readings = new ArrayDeque<>();
    private final List<Reading> heard = new ArrayList<>();

    private final UtilisationSource source = new UtilisationSource() {
        @Override
        public String name() {
            return "process";
        }

        @Override
        public Reading read() {
            Object next = readings.removeFirst();
            if (next instanceof RuntimeException failure) {
                throw failure;
            }
            return (Reading) next;
        }
    };

    @Test
    void keepsOneSampleASecondAndDropsTheFirstCpuWhichCoversTimeBeforeThePhase() {
        readings.add(new Reading(900.0, 100L, 10L));
        readings.add(new Reading(50.0, 120L, 10L));
        readings.add(new IllegalStateException("busy"));
        readings.add(new Reading(150.0, 110L, 30L));
        UtilisationSampler sampler = new UtilisationSampler(source, heard::add, nanos::get);

        sampler.beginMeasuring();
        for (int second = 0; second < 4; second++) {
            sampler.sampleOnce();
            nanos.addAndGet(1_000_000_000L);
        }
        StepResult.Builder step = StepResult.builder();
        sampler.finishStep(step);

        Utilisation utilisation = step.build().utilisation();
        assertThat(utilisation.source()).isEqualTo("process");
        assertThat(utilisation.series())
                .containsExactly(
                        new Utilisation.Sample(0, null, 100L, 10L),
                        new Utilisation.Sample(1, 50.0, 120L, 10L),
                        new Utilisation.Sample(3, 150.0, 110L, 30L));
        assertThat(utilisation.summary()).isEqualTo(new Utilisation.Summary(100.0, 150.0, 120L, 10L, 30L, 3));
        assertThat(heard).extracting(Reading::cpuPercent).containsExactly(null, 50.0, 150.0);
    }

    @Test
    void aTwelveHourPhaseKeepsAtMostAnHoursPointsAndSummarisesEveryReading() {
        int seconds = 12 * 3_600;
        for (int second = 0; second < seconds; second++) {
            // CPU 0, 1, …, 9 repeating; seconds 16–31 have 6…9, 0…9, 0, 1: 76 in all
            readings.add(new Reading((double) (second % 10), 1_000L + second % 7, 5_000L + second));
        }
        UtilisationSampler sampler = new UtilisationSampler(source, heard::add, nanos::get);

        sampler.beginMeasuring();
        for (int second = 0; second < seconds; second++) {
            sampler.sampleOnce();
            nanos.addAndGet(1_000_000_000L);
        }
        StepResult.Builder step = StepResult.builder();
        sampler.finishStep(step);

        Utilisation utilisation = step.build().utilisation();
        // folded in pairs four times after the first hour: 16 seconds a point
        assertThat(utilisation.series()).hasSize(seconds / 16);
        assertThat(utilisation.series().get(1)).isEqualTo(new Utilisation.Sample(16, 76.0 / 16, 1_006L, 5_031L));
        assertThat(utilisation.series().get(utilisation.series().size() - 1).offsetSec())
                .isEqualTo(seconds - 16.0);
        // the first reading's CPU is dropped (it covers the time before the phase), the rest are all in the mean
        double cpuSum = 0;
        for (int second = 1; second < seconds; second++) {
            cpuSum += second % 10;
        }
        assertThat(utilisation.summary())
                .isEqualTo(new Utilisation.Summary(
                        cpuSum / (seconds - 1), 9.0, 1_006L, 5_000L, 5_000L + seconds - 1, seconds));
        assertThat(heard).hasSize(seconds);
    }

    @Test
    void aStepWithoutSamplesHasNoUtilisationAndTheNextStepStartsAfresh() {
        UtilisationSampler sampler = new UtilisationSampler(source, heard::add, nanos::get);
        StepResult.Builder empty = StepResult.builder();
        sampler.finishStep(empty);
        assertThat(empty.build().utilisation()).isNull();

        readings.add(new Reading(10.0, 1L, null));
        readings.add(new Reading(20.0, 2L, null));
        sampler.beginMeasuring();
        sampler.sampleOnce();
        sampler.beginMeasuring();
        sampler.sampleOnce();
        StepResult.Builder second = StepResult.builder();
        sampler.finishStep(second);

        assertThat(second.build().utilisation().series())
                .as("the second step's first reading, its CPU dropped")
                .containsExactly(new Utilisation.Sample(0, null, 2L, null));
        assertThat(second.build().utilisation().summary().diskBytesFirst()).isNull();
        sampler.close();
    }

    /** A source that answers from a list, and runs on the CPUs given. */
    private static UtilisationSource scripted(String name, Set<Integer> cpus, Object... answers) {
        Deque<Object> left = new ArrayDeque<>(List.of(answers));
        return new UtilisationSource() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Reading read() {
                Object next = left.removeFirst();
                if (next instanceof RuntimeException failure) {
                    throw failure;
                }
                return (Reading) next;
            }

            @Override
            public Set<Integer> cpus() {
                return cpus;
            }
        };
    }

    @Test
    void theHarnessPartsAreAddedUpSecondBySecondAndTheMachineKeepsItsShareOfAllCores() {
        UtilisationSource rtbench = scripted(
                "process",
                Set.of(1),
                new Reading(500.0, 100L, null),
                new Reading(60.0, 100L, null),
                new Reading(70.0, 110L, null));
        UtilisationSource kafka = scripted(
                "process",
                Set.of(1),
                new Reading(500.0, 1_000L, null),
                new IllegalStateException("gone for a second"),
                new Reading(20.0, 1_000L, null));
        UtilisationSource machine = scripted(
                "proc-stat",
                Set.of(0, 1),
                new Reading(99.0, null, null),
                new Reading(80.0, null, null),
                new Reading(90.0, null, null));
        List<UtilisationSampler.Readings> gauges = new ArrayList<>();
        UtilisationSampler sampler = new UtilisationSampler(
                new UtilisationSampler.Sources(null, orderedMap("rtbench", rtbench, "kafka", kafka), machine),
                gauges::add,
                nanos::get);

        sampler.beginMeasuring();
        for (int second = 0; second < 3; second++) {
            sampler.sampleOnce();
            nanos.addAndGet(1_000_000_000L);
        }
        StepResult.Builder step = StepResult.builder();
        sampler.finishStep(step);

        StepResult built = step.build();
        assertThat(built.utilisation()).as("no target source").isNull();
        HostUtilisation.Harness harness = built.host().harness();
        assertThat(harness.parts()).containsOnlyKeys("rtbench", "kafka");
        assertThat(harness.cores()).as("both pinned to CPU 1").isEqualTo(1);
        assertThat(harness.parts().get("kafka").series())
                .as("the second Kafka could not be read is missing, not 0")
                .containsExactly(
                        new Utilisation.Sample(0, null, 1_000L, null), new Utilisation.Sample(2, 20.0, 1_000L, null));
        assertThat(harness.series())
                .as("a total only in the seconds every part was read")
                .containsExactly(
                        new Utilisation.Sample(0, null, 1_100L, null), new Utilisation.Sample(2, 90.0, 1_110L, null));
        assertThat(harness.cpuShareOfCores()).isEqualTo(90.0);
        assertThat(built.host().machine())
                .isEqualTo(new HostUtilisation.Machine(
                        2,
                        new Utilisation.Summary(85.0, 90.0, null, null, null, 3),
                        List.of(
                                new Utilisation.Sample(0, null, null, null),
                                new Utilisation.Sample(1, 80.0, null, null),
                                new Utilisation.Sample(2, 90.0, null, null))));
        assertThat(gauges)
                .extracting(UtilisationSampler.Readings::harnessTotal)
                .containsExactly(new Reading(null, 1_100L, null), null, new Reading(90.0, 1_110L, null));
        sampler.close();
    }

    @Test
    void aServerInRtbenchsJvmAddsItsCpuToTheTotalWhoseMemoryIsRtbenchsAlone() {
        UtilisationSource rtbench =
                scripted("process", Set.of(0, 1), new Reading(null, 900L, null), new Reading(40.0, 1_000L, null));
        UtilisationSource kafka = threads(Set.of(0, 1), new Reading(null, null, null), new Reading(25.0, null, null));
        List<UtilisationSampler.Readings> gauges = new ArrayList<>();
        UtilisationSampler sampler = new UtilisationSampler(
                new UtilisationSampler.Sources(null, orderedMap("rtbench", rtbench, "kafka", kafka), null),
                gauges::add,
                nanos::get);

        sampler.beginMeasuring();
        for (int second = 0; second < 2; second++) {
            sampler.sampleOnce();
            nanos.addAndGet(1_000_000_000L);
        }
        StepResult.Builder step = StepResult.builder();
        sampler.finishStep(step);

        HostUtilisation.Harness harness = step.build().host().harness();
        assertThat(harness.parts().get("kafka").source()).isEqualTo("threads");
        assertThat(harness.parts().get("kafka").summary().rssBytesMax())
                .as("a thread group's memory cannot be read: absent, not 0")
                .isNull();
        assertThat(harness.series())
                .as("the JVM's memory once, as rtbench's; the CPU of both")
                .containsExactly(
                        new Utilisation.Sample(0, null, 900L, null), new Utilisation.Sample(1, 65.0, 1_000L, null));
        assertThat(harness.cores()).isEqualTo(2);
        assertThat(gauges.get(1).harness().get("kafka")).isEqualTo(new Reading(25.0, null, null));
        sampler.close();
    }

    /** A scripted source that reads no memory: a server's threads in rtbench's JVM. */
    private static UtilisationSource threads(Set<Integer> cpus, Object... answers) {
        UtilisationSource scripted = scripted("threads", cpus, answers);
        return new UtilisationSource() {
            @Override
            public String name() {
                return scripted.name();
            }

            @Override
            public Reading read() {
                return scripted.read();
            }

            @Override
            public Set<Integer> cpus() {
                return scripted.cpus();
            }

            @Override
            public boolean readsMemory() {
                return false;
            }
        };
    }

    private static Map<String, UtilisationSource> orderedMap(
            String firstName, UtilisationSource first, String secondName, UtilisationSource second) {
        Map<String, UtilisationSource> map = new LinkedHashMap<>();
        map.put(firstName, first);
        map.put(secondName, second);
        return map;
    }
}
