package io.rtbench.servers.local;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** The last lines of a server's log, for error messages: why a server did not start is usually there. */
final class LogTail {

    static final int LINES = 20;
    private static final int MAX_READ_BYTES = 64 * 1024;
    private static final int MAX_LINE_CHARS = 400;

    private LogTail() {}

    /** The last {@code lines} lines of {@code log}, long lines shortened; a note instead when it cannot be read. */
    static String of(Path log, int lines) {
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            long size = channel.size();
            int length = (int) Math.min(size, MAX_READ_BYTES);
            ByteBuffer buffer = ByteBuffer.allocate(length);
            channel.position(size - length);
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // read the whole tail
            }
            List<String> all = Arrays.asList(
                    new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).split("\\R"));
            return all.subList(Math.max(0, all.size() - lines), all.size()).stream()
                    .map(line -> line.length() > MAX_LINE_CHARS ? line.substring(0, MAX_LINE_CHARS) + " …" : line)
                    .collect(Collectors.joining("\n"));
        } catch (IOException e) {
            return "(log " + log + " unreadable: " + e.getMessage() + ")";
        }
    }
}
