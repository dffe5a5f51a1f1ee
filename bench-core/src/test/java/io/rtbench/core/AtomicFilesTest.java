package io.rtbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.AtomicFiles.Readers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void replacesTheFileAndMakesItsMissingFolders() throws IOException {
        Path file = dir.resolve("a/b/report.html");

        AtomicFiles.writeString(file, Readers.ALL, "first");
        AtomicFiles.writeString(file, Readers.ALL, "second – ü");

        assertThat(file).hasContent("second – ü");
        assertThat(listing(file.getParent())).containsExactly(file);
    }

    @Test
    void aSharedFileIsReadableByAllAndABookkeepingFileByItsOwnerOnly() throws IOException {
        Path shared = dir.resolve("result.json");
        Path own = dir.resolve("kafka.json");

        AtomicFiles.writeString(shared, Readers.ALL, "{}");
        AtomicFiles.writeString(own, Readers.OWNER, "{}");

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(shared)))
                .isEqualTo("rw-r--r--");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(own)))
                .isEqualTo("rw-------");
    }

    @Test
    void contentThatFailsLeavesTheOldFileAndNoTempFile() throws IOException {
        Path file = dir.resolve("result.json");
        AtomicFiles.writeString(file, Readers.ALL, "old");

        assertThatThrownBy(() -> AtomicFiles.write(file, Readers.ALL, out -> {
                    out.write("half".getBytes());
                    throw new IOException("disk full");
                }))
                .isInstanceOf(IOException.class)
                .hasMessage("disk full");

        assertThat(file).hasContent("old");
        assertThat(listing(dir)).containsExactly(file);
    }

    @Test
    void aRenameThatFailsLeavesNoTempFile() throws IOException {
        Path file = dir.resolve("taken");
        Files.createDirectories(file);
        Files.writeString(file.resolve("inside"), "keeps the folder non-empty");

        assertThatThrownBy(() -> AtomicFiles.writeString(file, Readers.OWNER, "text"))
                .isInstanceOf(IOException.class);

        assertThat(listing(dir)).containsExactly(file);
    }

    private static List<Path> listing(Path folder) throws IOException {
        try (var files = Files.list(folder)) {
            return files.toList();
        }
    }

    /** As root, a rename over /dev/null replaced the device with a file for every program of the machine. */
    @Test
    void aDeviceOrAPipeIsNeverReplaced() throws IOException, InterruptedException {
        Path pipe = dir.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor())
                .isZero();

        assertThatThrownBy(() -> AtomicFiles.writeString(pipe, Readers.ALL, "x"))
                .isInstanceOf(IOException.class)
                .hasMessage(pipe + " is not a regular file (a device, a pipe or a socket); rtbench writes a file by"
                        + " replacing it: give the path of a file");
        assertThat(Files.isRegularFile(pipe)).as("still a pipe").isFalse();
        assertThat(Files.exists(pipe)).isTrue();
        assertThat(AtomicFiles.notAFile(Path.of("/dev/null"))).isPresent();
        assertThat(AtomicFiles.notAFile(dir))
                .as("a folder is the caller's to say")
                .isEmpty();
        assertThat(AtomicFiles.notAFile(dir.resolve("missing.json"))).isEmpty();
    }
}
