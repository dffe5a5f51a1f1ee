package io.rtbench.servers.local;

import io.rtbench.core.utilisation.UtilisationSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The whole machine's CPU from Linux's {@code /proc/stat} (docs/MEASUREMENT.md, "The harness and the machine"): the
 * ticks the CPUs were not idle (nor waiting for I/O) over all ticks since the previous reading, in percent of all the
 * machine's cores (100 = every core busy). The first reading has no CPU. No memory, no disk.
 */
public final class MachineUtilisation implements UtilisationSource {

    private static final Path PROC_STAT = Path.of("/proc/stat");

    private final Supplier<String> procStat;
    private ProcFs.MachineTicks last;

    MachineUtilisation(Supplier<String> procStat) {
        this.procStat = procStat;
    }

    /** This machine's, or empty where {@code /proc/stat} cannot be read (not Linux). */
    public static Optional<UtilisationSource> ofThisMachine() {
        if (!Files.isReadable(PROC_STAT)) {
            return Optional.empty();
        }
        return Optional.of(new MachineUtilisation(() -> {
            try {
                return Files.readString(PROC_STAT);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }));
    }

    @Override
    public String name() {
        return "proc-stat";
    }

    @Override
    public synchronized Reading read() {
        ProcFs.MachineTicks now = ProcFs.machineTicks(procStat.get());
        ProcFs.MachineTicks before = last;
        last = now;
        if (before == null || now.totalTicks() <= before.totalTicks()) {
            return Reading.NONE;
        }
        double busy = (now.totalTicks() - before.totalTicks()) - Math.max(0, now.idleTicks() - before.idleTicks());
        return new Reading(Math.max(0, 100 * busy / (now.totalTicks() - before.totalTicks())), null, null);
    }

    /** The machine's CPUs; empty before the first reading. */
    @Override
    public synchronized Set<Integer> cpus() {
        return last == null ? Set.of() : last.cpus();
    }
}
