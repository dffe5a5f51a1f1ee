package io.rtbench.servers.local;

import io.rtbench.servers.ServerUnavailableException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds the programs of Debian packages that the local servers run. */
final class Executables {

    /** Where Debian installs programs; searched after PATH, since a non-root PATH often lacks the sbin dirs. */
    private static final List<Path> SYSTEM_DIRS = Stream.of(
                    "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin")
            .map(Path::of)
            .toList();

    private Executables() {}

    /** The directories of this process's PATH, then the system ones. */
    static List<Path> searchPath() {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.concat(
                        Stream.of(path.split(File.pathSeparator))
                                .filter(dir -> !dir.isBlank())
                                .map(Path::of),
                        SYSTEM_DIRS.stream())
                .distinct()
                .toList();
    }

    static Optional<Path> find(String name, List<Path> dirs) {
        return dirs.stream()
                .map(dir -> dir.resolve(name))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /**
     * The program {@code name} in {@code dirs}.
     *
     * @throws ServerUnavailableException "{@code name} is not installed: apt-get install {@code debianPackage}"
     */
    static Path require(String name, List<Path> dirs, String debianPackage) {
        return find(name, dirs)
                .orElseThrow(() ->
                        new ServerUnavailableException(name + " is not installed: apt-get install " + debianPackage));
    }
}
