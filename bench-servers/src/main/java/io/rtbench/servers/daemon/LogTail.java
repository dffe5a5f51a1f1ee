package io.rtbench.servers.daemon;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The end of a log file, to quote when a daemon fails. Reads at most the last 64 KB of a file of any size. */
final class LogTail {

    private static final int MAX_BYTES = 64 * 1024;

    private LogTail() {}

    /** The last {@code lines} lines; empty when the file is missing or empty. */
    static List<String> lastLines(Path file, int lines) {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            long start = Math.max(0, channel.size() - MAX_BYTES);
            ByteBuffer buffer = ByteBuffer.allocate((int) (channel.size() - start));
            channel.position(start);
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                // read until the buffer is full or the file ends
            }
            List<String> all = Arrays.asList(
                    new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).split("\\R"));
            if (start > 0 && !all.isEmpty()) {
                all = all.subList(1, all.size()); // the first line was cut by the 64 KB window
            }
            return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return List.of("(cannot read " + file + ": " + e.getMessage() + ")");
        }
    }

    /** The tails of the given files, each under a header, for an error message; empty when all are empty. */
    static String quote(int lines, Path... files) {
        StringBuilder quoted = new StringBuilder();
        for (Path file : files) {
            List<String> tail = lastLines(file, lines);
            if (!tail.isEmpty() && !(tail.size() == 1 && tail.get(0).isBlank())) {
                quoted.append(System.lineSeparator())
                        .append("--- last lines of ")
                        .append(file)
                        .append(" ---");
                tail.forEach(line -> quoted.append(System.lineSeparator()).append(line));
            }
        }
        return quoted.toString();
    }
}
