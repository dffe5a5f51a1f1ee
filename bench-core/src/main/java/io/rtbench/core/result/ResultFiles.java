package io.rtbench.core.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.rtbench.core.AtomicFiles;
import io.rtbench.core.AtomicFiles.Readers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        try {
            AtomicFiles.write(file, Readers.ALL, out -> MAPPER.writeValue(out, result));
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
        Optional<String> notAFile = AtomicFiles.notAFile(absolute);
        if (notAFile.isPresent()) {
            return notAFile;
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
}
