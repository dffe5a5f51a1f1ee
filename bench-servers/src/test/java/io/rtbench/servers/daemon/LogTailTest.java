package io.rtbench.servers.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailTest {

    @TempDir
    Path dir;

    @Test
    void lastLinesOfABigFile() throws Exception {
        Path log = dir.resolve("big.log");
        Files.writeString(
                log, IntStream.range(0, 20_000).mapToObj(i -> "line " + i).collect(Collectors.joining("\n", "", "\n")));

        assertThat(LogTail.lastLines(log, 3)).containsExactly("line 19997", "line 19998", "line 19999");
    }

    @Test
    void aShortFileIsReturnedWhole() throws Exception {
        Path log = dir.resolve("short.log");
        Files.writeString(log, "first\nsecond\n");

        assertThat(LogTail.lastLines(log, 20)).containsExactly("first", "second");
    }

    @Test
    void quoteHeadsEachNonEmptyFileAndSkipsMissingOnes() throws Exception {
        Path out = dir.resolve("kafka.out");
        Path empty = dir.resolve("empty.log");
        Files.writeString(out, "cannot start kafka: boom\n");
        Files.writeString(empty, "");

        String quoted = LogTail.quote(5, out, empty, dir.resolve("missing.log"));

        assertThat(quoted.lines()).containsExactly("", "--- last lines of " + out + " ---", "cannot start kafka: boom");
    }
}
