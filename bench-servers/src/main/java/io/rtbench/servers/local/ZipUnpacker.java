package io.rtbench.servers.local;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Unpacks a distribution zip with its Unix permissions (the launch scripts must stay executable), made readable by
 * every user: a server that refuses root runs as another user than the one who unpacked it.
 */
final class ZipUnpacker {

    static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwxr-xr-x");

    private ZipUnpacker() {}

    /**
     * Unpacks {@code zip} into the existing directory {@code target}. A single top-level directory (as in
     * {@code elasticsearch-9.2.4/…}) is left out, so that its content lands directly in {@code target}.
     */
    static void unpack(Path zip, Path target) throws IOException {
        // The zip file system reads each entry's Unix mode when asked to; java.util.zip does not expose it.
        try (FileSystem zipFs = FileSystems.newFileSystem(zip, Map.of("enablePosixFileAttributes", "true"))) {
            Path top = singleTopDirectory(zipFs.getPath("/"));
            try (Stream<Path> entries = Files.walk(top)) {
                for (Path entry : (Iterable<Path>) entries::iterator) {
                    unpackEntry(entry, target, top.relativize(entry).toString());
                }
            }
        }
    }

    private static void unpackEntry(Path entry, Path target, String relative) throws IOException {
        Path out = target.resolve(relative).normalize();
        if (!out.startsWith(target)) {
            throw new IOException("zip entry " + entry + " points outside " + target);
        }
        if (Files.isDirectory(entry)) {
            Files.createDirectories(out);
            Files.setPosixFilePermissions(out, DIRECTORY);
            return;
        }
        Files.createDirectories(out.getParent());
        Files.copy(entry, out);
        Set<PosixFilePermission> mode =
                Files.readAttributes(entry, PosixFileAttributes.class).permissions();
        Files.setPosixFilePermissions(out, readableByAll(mode));
    }

    /** The zip's mode, readable by all, executable by all when the owner may execute, writable by the owner only. */
    static Set<PosixFilePermission> readableByAll(Set<PosixFilePermission> mode) {
        Set<PosixFilePermission> readable = EnumSet.of(
                PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.GROUP_READ,
                PosixFilePermission.OTHERS_READ);
        if (mode.contains(PosixFilePermission.OWNER_EXECUTE)) {
            readable.addAll(List.of(
                    PosixFilePermission.OWNER_EXECUTE,
                    PosixFilePermission.GROUP_EXECUTE,
                    PosixFilePermission.OTHERS_EXECUTE));
        }
        return readable;
    }

    private static Path singleTopDirectory(Path root) throws IOException {
        try (Stream<Path> children = Files.list(root)) {
            List<Path> top = children.toList();
            return top.size() == 1 && Files.isDirectory(top.get(0)) ? top.get(0) : root;
        }
    }
}
