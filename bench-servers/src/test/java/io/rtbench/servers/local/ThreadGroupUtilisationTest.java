package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.rtbench.core.testkit.CpuBurners;
import io.rtbench.core.utilisation.ThreadGroupCpu;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A server in rtbench's JVM as a part of the harness, and rtbench's own part without it (docs/MEASUREMENT.md, "The
 * harness and the machine").
 */
class ThreadGroupUtilisationTest {

    private static final long SECOND_NANOS = 1_000_000_000L;
    private static final long BURN_NANOS = 300_000_000L;

    private final long[] nanos = {SECOND_NANOS};
    private final ThreadGroup group = new ThreadGroup("a-server-in-this-jvm");
    private final ThreadGroupCpu threads = new ThreadGroupCpu(group);
    private final CpuBurners burners = new CpuBurners();

    @BeforeEach
    void onLinuxWithThreadsCpuTime() {
        assumeThat(Files.isReadable(Path.of("/proc/self/stat"))).as("Linux").isTrue();
        assumeThat(ThreadGroupCpu.measurable()).as("threads' CPU time").isTrue();
    }

    @AfterEach
    void endTheThreads() {
        burners.close();
    }

    @Test
    void aServersThreadsAreItsCpuWithoutMemoryOnTheJvmsCpus() {
        ThreadGroupUtilisation server = new ThreadGroupUtilisation(threads, () -> nanos[0]);
        assertThat(server.read()).as("a CPU figure needs two readings").isEqualTo(new Reading(null, null, null));

        burners.start(group, BURN_NANOS).awaitBurnt();
        nanos[0] += SECOND_NANOS;
        Reading reading = server.read();

        assertThat(reading.cpuPercent()).as("300 ms of CPU in a second").isBetween(30.0, 35.0);
        assertThat(reading.rssBytes())
                .as("the JVM's memory is rtbench's part's")
                .isNull();
        assertThat(reading.diskBytes()).isNull();
        assertThat(server.readsMemory()).isFalse();
        assertThat(server.name()).isEqualTo("threads");
        assertThat(server.cpus()).as("the JVM's").isNotEmpty().isEqualTo(jvmCpus());
    }

    @Test
    void rtbenchsOwnProcessLeavesOutTheCpuOfTheServersThreadsInItsJvm() {
        long pid = ProcessHandle.current().pid();
        ProcessUtilisation whole = new ProcessUtilisation(() -> pid, false, null, List.of(), () -> nanos[0]);
        ProcessUtilisation rest = new ProcessUtilisation(() -> pid, false, null, List.of(threads), () -> nanos[0]);
        ThreadGroupUtilisation server = new ThreadGroupUtilisation(threads, () -> nanos[0]);
        whole.read();
        rest.read();
        server.read();

        burners.start(group, BURN_NANOS).awaitBurnt();
        nanos[0] += SECOND_NANOS;
        double wholePercent = whole.read().cpuPercent();
        double restPercent = rest.read().cpuPercent();
        double serverPercent = server.read().cpuPercent();

        assertThat(serverPercent).isBetween(30.0, 35.0);
        // the process's CPU ticks in 10 ms steps, and this JVM's other threads run between the readings: a few points
        assertThat(wholePercent - restPercent)
                .as("rtbench and the server add up to the process")
                .isCloseTo(serverPercent, within(5.0));
        assertThat(rest.read().rssBytes())
                .as("the JVM's memory stays rtbench's")
                .isPositive();
    }

    private static Set<Integer> jvmCpus() {
        ProcessUtilisation self =
                ProcessUtilisation.alone(ProcessHandle.current().pid());
        self.read();
        return self.cpus();
    }
}
