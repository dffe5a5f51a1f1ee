package io.rtbench.core.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * Reads and writes result files. Writes are atomic (temp file in the same directory, then rename), so a reader or a
 * crash never sees half a file, and an interrupted run's last complete state survives.
 */
public final class ResultFiles {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private ResultFiles() {}

    public static void write(Path file, RunResult result) {
        Path absolute = file.toAbsolutePath();
        try {
            Files.createDirectories(absolute.getParent());
            Path temp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
            try {
                readableByAll(temp);
                try (OutputStream out = Files.newOutputStream(temp)) {
                    MAPPER.writeValue(out, result);
                }
                move(temp, absolute);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write result file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Why {@link #write} could not write {@code file}, in words, checked before anything is measured (a measurement
     * lost to its result path is a run wasted); empty when it can: {@code file} is not a folder, and its nearest
     * existing folder is a folder that can be written in (the missing ones below it are made as the result is written).
     */
    public static Optional<String> unwritable(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        if (Files.isDirectory(absolute)) {
            return Optional.of(file + " is a folder; give a file in it, e.g. " + absolute.resolve("result.json"));
        }
        Path existing = absolute.getParent();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return Optional.empty();
        }
        if (!Files.isDirectory(existing)) {
            return Optional.of("cannot write " + file + ": " + existing + " is a file, not a folder");
        }
        if (!Files.isWritable(existing)) {
            return Optional.of("cannot write " + file + ": no permission to write in " + existing);
        }
        return Optional.empty();
    }

    public static RunResult read(Path file) {
        try {
            return MAPPER.readValue(file.toFile(), RunResult.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read result file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The JSON text of a result, as {@link #write} writes it. */
    public static String toJson(RunResult result) {
        try {
            return MAPPER.writeValueAsString(result);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A temp file is private (0600); a result is for sharing, like any file the user's shell would create. */
    private static void readableByAll(Path temp) throws IOException {
        if (temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
