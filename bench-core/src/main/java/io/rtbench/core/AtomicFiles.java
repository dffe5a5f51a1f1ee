package io.rtbench.core;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * Writing a whole file at once: to a temp file beside it, then a rename. A reader never sees half a file, and a
 * write that fails leaves the old file as it was and no temp file behind. Result files (docs/ARCHITECTURE.md),
 * reports (docs/REPORTS.md) and the state files of background servers are written so.
 */
public final class AtomicFiles {

    /** Who may read the file: a temp file starts as the owner's only (0600). */
    public enum Readers {
        /** 0600: a file of rtbench's own bookkeeping. */
        OWNER,
        /** 0644: a file for sharing, like any file the user's shell would create. */
        ALL
    }

    /** What goes into the file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {}

    /** Writes {@code text} as UTF-8; see {@link #write(Path, Readers, Content)}. */
    public static void writeString(Path file, Readers readers, String text) throws IOException {
        write(file, readers, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Replaces {@code file} with what {@code content} writes, making its missing folders.
     *
     * @throws IOException when a folder, the temp file or the rename fails, or {@code content} throws; the temp file is
     *     gone then
     */
    public static void write(Path file, Readers readers, Content content) throws IOException {
        Path absolute = file.toAbsolutePath();
        Optional<String> notAFile = notAFile(absolute);
        if (notAFile.isPresent()) {
            throw new IOException(notAFile.get());
        }
        Files.createDirectories(absolute.getParent());
        Path temp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
        try {
            if (readers == Readers.ALL
                    && temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
            }
            try (OutputStream out = Files.newOutputStream(temp)) {
                content.writeTo(out);
            }
            move(temp, absolute);
        } catch (Throwable e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /**
     * Why {@code file} cannot be replaced by a written one: it exists and is no regular file (a device such as
     * {@code /dev/null}, a pipe, a socket: the rename would put a file in its place, and as root it would replace the
     * device for every other program); empty otherwise. A folder is the caller's to say, with a suggestion.
     */
    public static Optional<String> notAFile(Path file) {
        return Files.exists(file) && !Files.isRegularFile(file) && !Files.isDirectory(file)
                ? Optional.of(file + " is not a regular file (a device, a pipe or a socket); rtbench writes a file by"
                        + " replacing it: give the path of a file")
                : Optional.empty();
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
