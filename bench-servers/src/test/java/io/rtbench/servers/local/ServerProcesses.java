package io.rtbench.servers.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** What integration tests read about a server process from /proc. */
final class ServerProcesses {

    private ServerProcesses() {}

    /** Resident set size in MB, from /proc/PID/status. */
    static long rssMb(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream()
                            .filter(line -> line.startsWith("VmRSS:"))
                            .map(line -> Long.parseLong(line.replaceAll("\\D", "")))
                            .findFirst()
                            .orElse(0L)
                    / 1024;
        } catch (IOException e) {
            return 0;
        }
    }

    /** The user a process runs as. */
    static Optional<String> user(long pid) {
        return ProcessHandle.of(pid).flatMap(process -> process.info().user());
    }

    static boolean isAlive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    static boolean jvmIsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }
}
