package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcFsTest {

    /** A PostgreSQL backend's stat line (proc(5)); its name has a space and a ')'. utime 250, stime 50, cutime 7, cstime 3. */
    private static final String STAT = "4242 (postgres: rtbench (x)) S 4200 4200 4200 0 -1 4194560 1000 0 0 0 250 50 7"
            + " 3 20 0 1 0 123456 228139008 4096 18446744073709551615 1 1 0 0 0 0 0 4096 81927 0 0 0 17 1 0 0 0 0 0";

    private static final String STATUS = """
            Name:\tpostgres
            Umask:\t0077
            State:\tS (sleeping)
            VmPeak:\t  228140 kB
            VmRSS:\t   16384 kB
            RssAnon:\t    2048 kB
            RssFile:\t    6144 kB
            RssShmem:\t    8192 kB
            VmData:\t    1000 kB
            """;

    @Test
    void cpuTicksAreUserSystemAndWaitedForChildrenTimeAfterTheCommandName() {
        assertThat(ProcFs.cpuTicks(STAT)).isEqualTo(250 + 50 + 7 + 3);
    }

    @Test
    void aLineThatIsNotAStatLineIsRejected() {
        assertThatThrownBy(() -> ProcFs.cpuTicks("no parenthesis here")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProcFs.cpuTicks("1 (short) S 0 1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theStateIsTheLetterAfterTheCommandNameWhateverTheNameHolds() {
        assertThat(ProcFs.state(STAT)).isEqualTo('S');
        assertThat(ProcFs.state("4242 (postgres: a) T (b)) T 4200")).isEqualTo('T');
        assertThatThrownBy(() -> ProcFs.state("4242 (cut")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void residentMemoryKeepsSharedMemoryApartSoThatItCanBeCountedOnce() {
        assertThat(ProcFs.rss(STATUS)).isEqualTo(new ProcFs.Rss((2048 + 6144) * 1024L, 8192 * 1024L));
    }

    @Test
    void anOlderKernelWithoutTheSplitGivesVmRssAndAKernelThreadNothing() {
        assertThat(ProcFs.rss("Name:\tjava\nVmRSS:\t  1000 kB\n")).isEqualTo(new ProcFs.Rss(1000 * 1024L, 0));
        assertThat(ProcFs.rss("Name:\tkthreadd\nState:\tS (sleeping)\n")).isNull();
    }

    @Test
    void thisJvmReadsAsAProcessWithCpuAfterTheFirstReadingMemoryAndItsDirectory(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("a"), new byte[1000]);
        Files.createDirectories(dir.resolve("sub"));
        Files.write(dir.resolve("sub/b"), new byte[24]);
        long[] nanos = {0};
        ProcessUtilisation source =
                new ProcessUtilisation(ProcessHandle.current().pid(), true, dir, () -> nanos[0]);

        var first = source.read();
        nanos[0] = 1_000_000_000L;
        var second = source.read();

        assertThat(source.name()).isEqualTo("process");
        assertThat(first.cpuPercent()).isNull();
        assertThat(second.cpuPercent()).isNotNull().isGreaterThanOrEqualTo(0.0);
        assertThat(second.rssBytes()).as("this JVM's heap is resident").isGreaterThan(10L << 20);
        assertThat(second.diskBytes()).isEqualTo(1024L);
    }

    @Test
    void theDirectoryIsWalkedAtMostEveryFiveSecondsAndAGoneDirectoryIsNotMeasured(@TempDir Path dir) throws Exception {
        long[] nanos = {0};
        ProcessUtilisation source =
                new ProcessUtilisation(ProcessHandle.current().pid(), true, dir, () -> nanos[0]);
        assertThat(source.read().diskBytes()).isZero();
        Files.write(dir.resolve("a"), new byte[10]);
        nanos[0] = ProcessUtilisation.DISK_WALK_NANOS - 1;
        assertThat(source.read().diskBytes()).as("not walked again yet").isZero();
        nanos[0] = ProcessUtilisation.DISK_WALK_NANOS;
        assertThat(source.read().diskBytes()).isEqualTo(10L);
        assertThat(ProcessUtilisation.directoryBytes(dir.resolve("gone"))).isNull();
    }

    @Test
    void aProcessThatExitedCannotBeRead(@TempDir Path dir) throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        ProcessUtilisation source = new ProcessUtilisation(done.pid(), dir);

        assertThatThrownBy(source::read).hasMessageContaining("has exited");
    }

    @Test
    void theCpusAProcessMayRunOnAreItsAffinityListAndUnknownWithoutIt() {
        assertThat(ProcFs.cpusAllowed(STATUS + "Cpus_allowed:\t3\nCpus_allowed_list:\t0-2,5\nMems_allowed:\t1\n"))
                .containsExactly(0, 1, 2, 5);
        assertThat(ProcFs.cpusAllowed(STATUS + "Cpus_allowed_list:\t1\n")).containsExactly(1);
        assertThat(ProcFs.cpusAllowed(STATUS)).isEmpty();
    }

    private static final String PROC_STAT_BEFORE = """
            cpu  1000 10 500 8000 100 0 40 0 0 0
            cpu0 500 5 250 4000 50 0 20 0 0 0
            cpu1 500 5 250 4000 50 0 20 0 0 0
            intr 1 2 3
            ctxt 99
            """;

    /** 200 ticks later (one second of two cores): 30 idle and 10 waiting for I/O, so 160 busy. */
    private static final String PROC_STAT_AFTER = """
            cpu  1120 10 530 8030 110 0 50 0 15 0
            cpu0 560 5 265 4015 55 0 25 0 0 0
            cpu1 560 5 265 4015 55 0 25 0 15 0
            intr 1 2 3
            """;

    @Test
    void theMachinesTicksLeaveOutGuestTimeWhichUserTimeAlreadyHoldsAndItsCpusAreTheCpuLines() {
        assertThat(ProcFs.machineTicks(PROC_STAT_BEFORE))
                .isEqualTo(
                        new ProcFs.MachineTicks(1000 + 10 + 500 + 8000 + 100 + 40, 8000 + 100, java.util.Set.of(0, 1)));
        assertThatThrownBy(() -> ProcFs.machineTicks("intr 1 2 3\n")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theMachinesCpuIsTheBusyTicksOverAllTicksInPercentOfAllCoresWithNoneAtTheFirstReading() {
        java.util.Iterator<String> texts =
                java.util.List.of(PROC_STAT_BEFORE, PROC_STAT_AFTER).iterator();
        MachineUtilisation machine = new MachineUtilisation(texts::next);

        assertThat(machine.read().cpuPercent()).isNull();
        assertThat(machine.read().cpuPercent()).isEqualTo(80.0);
        assertThat(machine.cpus()).containsExactly(0, 1);
        assertThat(machine.name()).isEqualTo("proc-stat");
    }

    @Test
    void rtbenchAloneIsItsOwnProcessWithItsAffinity() {
        ProcessUtilisation self =
                ProcessUtilisation.alone(ProcessHandle.current().pid());
        assertThat(self.read().rssBytes()).isPositive();
        assertThat(self.cpus()).isNotEmpty();
        assertThat(self.read().diskBytes()).as("no directory").isNull();
    }

    @Test
    void aProcessPinnedWithTasksetRunsOnTheOneCpuItWasGiven() throws Exception {
        // the scenario of a database pinned to one core (docs/MEASUREMENT.md, "The harness and the machine")
        Process pinned = new ProcessBuilder("taskset", "-c", "0", "sleep", "30").start();
        try {
            ProcessUtilisation source = ProcessUtilisation.withoutDisk(pinned.pid());
            // taskset sets the affinity, then becomes sleep: read until it has
            await().atMost(Duration.ofSeconds(20))
                    .failFast(() -> !pinned.isAlive())
                    .until(() -> {
                        source.read();
                        return source.cpus().equals(java.util.Set.of(0));
                    });
            assertThat(source.read().diskBytes())
                    .as("a part of the harness has no disk")
                    .isNull();
        } finally {
            pinned.destroy();
        }
    }
}
