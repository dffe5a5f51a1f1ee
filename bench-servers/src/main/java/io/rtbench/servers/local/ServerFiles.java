package io.rtbench.servers.local;

import io.rtbench.core.FileTrees;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.Servers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Where one server keeps its files: a fresh temp dir, deleted when the server stops, and a log file outside it, so that
 * the log of a server that misbehaved can still be read after it stopped.
 *
 * <p>Logs go to the directory named by the system property {@value #LOG_DIR_PROPERTY}, else to
 * {@code <java.io.tmpdir>/rtbench-logs}.
 */
final class ServerFiles {

    static final String LOG_DIR_PROPERTY = Servers.LOG_DIR_PROPERTY;
    private static final DateTimeFormatter LOG_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Path dir;
    private final Path logFile;

    private ServerFiles(Path dir, Path logFile) {
        this.dir = dir;
        this.logFile = logFile;
    }

    static ServerFiles create(ServerKind kind) {
        String prefix = "rtbench-" + kind.cliName() + "-";
        try {
            Path logDir = Path.of(System.getProperty(
                    LOG_DIR_PROPERTY,
                    Path.of(System.getProperty("java.io.tmpdir"), "rtbench-logs")
                            .toString()));
            Files.createDirectories(logDir);
            Path log = Files.createTempFile(logDir, prefix + LocalDateTime.now().format(LOG_STAMP) + "-", ".log");
            return new ServerFiles(Files.createTempDirectory(prefix), log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the files of a local " + kind.cliName() + ": " + e, e);
        }
    }

    /** The temp dir. */
    Path dir() {
        return dir;
    }

    /** A directory inside the temp dir, created if missing. */
    Path dir(String name) {
        try {
            return Files.createDirectories(dir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir.resolve(name) + ": " + e.getMessage(), e);
        }
    }

    Path logFile() {
        return logFile;
    }

    /** Writes {@code content} to a file in the temp dir and returns its path. */
    Path write(String name, String content) {
        try {
            return Files.writeString(dir.resolve(name), content);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(name) + ": " + e.getMessage(), e);
        }
    }

    /** Deletes the temp dir and everything in it; the log stays. */
    void delete() throws IOException {
        FileTrees.delete(dir);
    }
}
