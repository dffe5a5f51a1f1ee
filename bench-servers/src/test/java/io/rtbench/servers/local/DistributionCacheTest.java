package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.servers.ServerUnavailableException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DistributionCacheTest {

    @TempDir
    Path temp;

    @Test
    void cacheDirIsThePropertyThenTheEnvironmentThenTheHome() {
        Map<String, String> env = Map.of("RTBENCH_CACHE_DIR", "/env/cache");

        assertThat(DistributionCache.configuredDir("/prop/cache", env, "/home/u"))
                .isEqualTo(Path.of("/prop/cache"));
        assertThat(DistributionCache.configuredDir(null, env, "/home/u")).isEqualTo(Path.of("/env/cache"));
        assertThat(DistributionCache.configuredDir("", Map.of(), "/home/u"))
                .isEqualTo(Path.of("/home/u/.rtbench/cache"));
    }

    @Test
    void unpacksOnceWithoutTheTopDirectoryKeepingScriptsExecutableAndEverythingReadable() throws Exception {
        Path zip = zip("search-1.0", "rwx------");
        DistributionCache cache = new DistributionCache(Files.createDirectory(temp.resolve("cache")));
        Distribution distribution = new Distribution("search", "1.0", zip);

        Path home = cache.unpacked(distribution);

        assertThat(home).isEqualTo(cache.dir().resolve("search-1.0"));
        assertThat(home.resolve("bin/search")).hasContent("#!/bin/sh\necho search\n");
        assertThat(Files.getPosixFilePermissions(home.resolve("bin/search")))
                .isEqualTo(PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(Files.getPosixFilePermissions(home.resolve("config/search.yml")))
                .isEqualTo(PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(Files.getPosixFilePermissions(home)).contains(PosixFilePermission.OTHERS_EXECUTE);
        assertThat(home.resolve("logs")).isEmptyDirectory();
        assertThat(cache.dir())
                .isDirectoryNotContaining(path -> path.getFileName().toString().startsWith(".unpacking-"));

        Files.delete(zip); // a second start needs the unpacked copy only
        assertThat(cache.unpacked(distribution)).isEqualTo(home);
    }

    @Test
    void aPartialUnpackIsNeverUsed() throws Exception {
        Path zip = zip("search-1.0", "rwxr-xr-x");
        DistributionCache cache = new DistributionCache(Files.createDirectory(temp.resolve("cache")));
        Path crashed = Files.createDirectories(cache.dir().resolve(".unpacking-search-1.0-123/bin"));

        Path home = cache.unpacked(new Distribution("search", "1.0", zip));

        assertThat(home.resolve("bin/search")).exists();
        assertThat(home).isNotEqualTo(crashed.getParent());
    }

    @Test
    void aMissingZipSaysHowToGetIt() {
        DistributionCache cache = new DistributionCache(temp);
        Distribution missing = new Distribution("elasticsearch", "9.2.4", temp.resolve("nowhere/es.zip"));

        assertThatThrownBy(() -> cache.unpacked(missing))
                .isInstanceOf(ServerUnavailableException.class)
                .hasMessageContaining("elasticsearch 9.2.4 is not unpacked in " + temp)
                .hasMessageContaining(temp.resolve("nowhere/es.zip").toString())
                .hasMessageContaining("./mvnw -pl bench-servers -am package");
    }

    @Test
    void recordsTheDistributionsTheBuildResolved() {
        for (String name : new String[] {"elasticsearch", "opensearch"}) {
            Distribution distribution = Distribution.recorded(name);

            assertThat(distribution.version()).matches("\\d+\\.\\d+\\.\\d+");
            assertThat(distribution.zip()).isAbsolute();
            assertThat(distribution.zip().getFileName()).hasToString(name + "-" + distribution.version() + ".zip");
        }
    }

    /** A zip like a distribution's: one top directory, a script with {@code scriptMode}, a config file, an empty dir. */
    private Path zip(String top, String scriptMode) throws Exception {
        Path zip = temp.resolve(top + ".zip");
        URI uri = URI.create("jar:" + zip.toUri());
        try (FileSystem fs =
                FileSystems.newFileSystem(uri, Map.of("create", "true", "enablePosixFileAttributes", "true"))) {
            Path bin = Files.createDirectories(fs.getPath(top, "bin"));
            Files.writeString(bin.resolve("search"), "#!/bin/sh\necho search\n");
            Files.setPosixFilePermissions(bin.resolve("search"), PosixFilePermissions.fromString(scriptMode));
            Path config = Files.createDirectories(fs.getPath(top, "config"));
            Files.writeString(config.resolve("search.yml"), "a: b\n");
            Files.setPosixFilePermissions(config.resolve("search.yml"), PosixFilePermissions.fromString("rw-------"));
            Files.createDirectories(fs.getPath(top, "logs"));
        }
        return zip;
    }
}
