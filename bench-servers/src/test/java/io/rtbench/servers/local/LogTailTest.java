package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailTest {

    @TempDir
    Path temp;

    @Test
    void lastLinesOnly() throws Exception {
        Path log = Files.writeString(
                temp.resolve("server.log"),
                IntStream.rangeClosed(1, 100).mapToObj(i -> "line " + i).collect(Collectors.joining("\n", "", "\n")));

        assertThat(LogTail.of(log, 3)).isEqualTo("line 98\nline 99\nline 100");
    }

    @Test
    void longLinesAreShortened() throws Exception {
        Path log = Files.writeString(temp.resolve("server.log"), "x".repeat(10_000) + "\nlast\n");

        assertThat(LogTail.of(log, 2)).hasSizeLessThan(500).endsWith(" …\nlast");
    }

    @Test
    void aMissingLogIsNamed() {
        assertThat(LogTail.of(temp.resolve("none.log"), 20))
                .contains("none.log")
                .contains("unreadable");
    }
}
