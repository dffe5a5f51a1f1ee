package io.rtbench.servers.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs short helper commands to completion ({@code useradd}, {@code initdb}, {@code psql}, …). */
final class Commands {

    /** The outcome of a command: its exit code and its combined stdout and stderr. */
    record Result(int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }
    }

    private Commands() {}

    static Result run(List<String> command, Duration timeout) {
        return run(command, Map.of(), null, timeout);
    }

    /**
     * Runs {@code command} with {@code env} added to this JVM's environment, in {@code workDir} (null: this JVM's),
     * and kills it when it takes longer than {@code timeout}.
     */
    static Result run(List<String> command, Map<String, String> env, Path workDir, Duration timeout) {
        Path output = null;
        try {
            // A file, not a pipe: a command that leaves a background child holding the pipe cannot block us.
            output = Files.createTempFile("rtbench-command-", ".out");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(
                            ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            builder.environment().putAll(env);
            if (workDir != null) {
                builder.directory(workDir.toFile());
            }
            Process process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
                return new Result(-1, read(output) + "\n(killed after " + timeout.toMillis() + " ms)");
            }
            return new Result(process.exitValue(), read(output));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command.get(0), e);
        } finally {
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException ignored) {
                    // a leftover temp file is harmless
                }
            }
        }
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8).strip();
    }
}
