package io.rtbench.core.utilisation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.rtbench.core.testkit.CpuBurners;
import io.rtbench.core.testkit.CpuBurners.Burner;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ThreadGroupCpuTest {

    private static final long BURN_NANOS = 50_000_000L;
    /**
     * What a thread may use after it noted its own CPU time and before a reading: counting down a latch and parking. Far
     * less than the 200 ms of a thread that must not be counted.
     */
    private static final long SLACK_NANOS = 25_000_000L;

    private final ThreadGroup group = new ThreadGroup("thread-group-cpu-test");
    private final ThreadGroupCpu cpu = new ThreadGroupCpu(group);
    private final CpuBurners burners = new CpuBurners();

    @BeforeEach
    void threadCpuTimeIsMeasured() {
        assumeThat(ThreadGroupCpu.measurable())
                .as("a JVM that tells threads' CPU time")
                .isTrue();
    }

    @AfterEach
    void endTheThreads() {
        burners.close();
    }

    @Test
    void aThreadOfTheGroupIsCountedAndOneOutsideItIsNot() {
        Burner inside = burners.start(group, BURN_NANOS);
        Burner outside = burners.start(Thread.currentThread().getThreadGroup(), 4 * BURN_NANOS);
        long insideNanos = inside.awaitBurnt();
        outside.awaitBurnt();

        assertThat(cpu.cpuNanos()).isBetween(insideNanos, insideNanos + SLACK_NANOS);
    }

    @Test
    void theThreadsAThreadOfTheGroupStartsAndThoseOfItsSubgroupsAreCounted() {
        AtomicReference<Burner> child = new AtomicReference<>();
        Burner parent = burners.start(group, 0, () -> child.set(burners.start(null, BURN_NANOS)));
        Burner inSubgroup = burners.start(new ThreadGroup(group, "subgroup"), BURN_NANOS);
        long all = parent.awaitBurnt() + inSubgroup.awaitBurnt() + child.get().awaitBurnt();

        assertThat(child.get().thread().getThreadGroup())
                .as("a thread is in its creator's group")
                .isSameAs(group);
        assertThat(cpu.cpuNanos()).isBetween(all, all + 3 * SLACK_NANOS);
    }

    @Test
    void aThreadThatEndedKeepsTheCpuItHadAtTheLastReadingThatSawIt() {
        Burner ending = burners.start(group, BURN_NANOS);
        ending.awaitBurnt();
        long whileAlive = cpu.cpuNanos();

        ending.end();

        assertThat(whileAlive).isGreaterThanOrEqualTo(BURN_NANOS);
        assertThat(cpu.cpuNanos()).as("still counted once it ended").isEqualTo(whileAlive);
        assertThat(cpu.cpuNanos()).as("and not counted twice").isEqualTo(whileAlive);
    }

    @Test
    void aThreadThatBeganAndEndedBetweenTwoReadingsIsNotSeenWhichIsTheBoundOfWhatIsLost() {
        long before = cpu.cpuNanos();
        Burner brief = burners.start(group, BURN_NANOS);
        brief.awaitBurnt();
        brief.end();

        assertThat(cpu.cpuNanos()).isEqualTo(before);
    }
}
