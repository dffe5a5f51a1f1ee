package io.rtbench.servers.junit;

import io.rtbench.servers.Servers;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Programs an integration test runs as a user would (promtool, Chromium): found on PATH or in Debian's bin dirs; when
 * missing, the test is skipped with the package to install, or fails under {@code RTBENCH_REQUIRE_SERVERS=1}.
 */
public final class ExternalPrograms {

    private ExternalPrograms() {}

    public static Path require(String name, String debianPackage) {
        String path = System.getenv().getOrDefault("PATH", "");
        Path found = Stream.concat(Stream.of(path.split(File.pathSeparator)), Stream.of("/usr/bin", "/usr/local/bin"))
                .filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, name))
                .filter(Files::isExecutable)
                .findFirst()
                .orElse(null);
        if (found == null) {
            String reason = name + " is not installed: apt-get install " + debianPackage;
            if (Servers.required(System.getenv())) {
                throw new AssertionError(reason + " (" + Servers.REQUIRE_ENV + " is set)");
            }
            Assumptions.abort(reason);
        }
        return found;
    }
}
