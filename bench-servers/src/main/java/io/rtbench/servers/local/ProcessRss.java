package io.rtbench.servers.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** Resident set size of a process, for start-up log lines (Linux {@code /proc}; empty elsewhere). */
final class ProcessRss {

    private ProcessRss() {}

    static OptionalLong megabytes(long pid) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmRSS:")) {
                    long kilobytes = Long.parseLong(line.replaceAll("[^0-9]", ""));
                    return OptionalLong.of(kilobytes / 1024);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or the process is gone: the log line just omits the figure.
        }
        return OptionalLong.empty();
    }

    static String describe(long pid) {
        OptionalLong rss = megabytes(pid);
        return rss.isPresent() ? rss.getAsLong() + " MB RSS" : "RSS unknown";
    }
}
