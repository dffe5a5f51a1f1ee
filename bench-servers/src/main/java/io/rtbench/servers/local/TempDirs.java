package io.rtbench.servers.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Temp dirs of in-JVM servers. */
final class TempDirs {

    private TempDirs() {}

    static Path create(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temp dir for " + prefix, e);
        }
    }

    /** Deletes a tree; what cannot be deleted stays (the caller logs it), since close() must not throw. */
    static boolean deleteQuietly(Path root) {
        if (!Files.exists(root)) {
            return true;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
        return !Files.exists(root);
    }
}
