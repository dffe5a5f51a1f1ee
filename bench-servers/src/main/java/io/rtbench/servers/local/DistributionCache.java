package io.rtbench.servers.local;

import io.rtbench.core.FileTrees;
import io.rtbench.servers.ServerUnavailableException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Distributions unpacked once and reused by every later start. The cache dir is the system property
 * {@value #DIR_PROPERTY}, else the environment variable {@value #DIR_ENV}, else {@code ~/.rtbench/cache}.
 *
 * <p>An unpack goes to a temp dir beside its final place and is renamed into place when complete, so a crashed unpack
 * is never mistaken for a distribution (its leftovers are removed later).
 *
 * <p>As root, the servers run as {@link ServiceUser} and must be able to reach the cache. A cache inside a home that
 * others cannot enter (Debian's {@code /root} has mode 700) is not reachable; distributions then go to
 * {@value #SYSTEM_DIR} instead, rather than opening root's home to that user.
 */
final class DistributionCache {

    static final String DIR_PROPERTY = "rtbench.cache.dir";
    static final String DIR_ENV = "RTBENCH_CACHE_DIR";
    static final String SYSTEM_DIR = "/var/cache/rtbench";

    private static final Logger LOG = LoggerFactory.getLogger(DistributionCache.class);
    private static final String PARTIAL_PREFIX = ".unpacking-";
    /** Older partial unpacks are left by a crash: no unpack takes this long. */
    private static final Duration STALE_PARTIAL_AGE = Duration.ofHours(1);

    private final Path dir;

    DistributionCache(Path dir) {
        this.dir = dir;
    }

    /** The configured cache dir: {@code property} if set, else {@value #DIR_ENV} from {@code env}, else the default. */
    static Path configuredDir(String property, Map<String, String> env, String userHome) {
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath();
        }
        String fromEnv = env.get(DIR_ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Path.of(fromEnv).toAbsolutePath();
        }
        return Path.of(userHome, ".rtbench", "cache");
    }

    /** The cache for distributions that {@code user} runs: the configured one if that user can reach it. */
    static DistributionCache readableBy(ServiceUser user) {
        Path configured =
                configuredDir(System.getProperty(DIR_PROPERTY), System.getenv(), System.getProperty("user.home"));
        createReadable(configured);
        if (user.canAccess(configured)) {
            return new DistributionCache(configured);
        }
        Path system = Path.of(SYSTEM_DIR);
        LOG.info(
                "cache dir {} is closed to user '{}' (a parent directory denies others); using {} for distributions",
                configured,
                user.name(),
                system);
        createReadable(system);
        if (!user.canAccess(system)) {
            throw new ServerUnavailableException("neither " + configured + " nor " + system + " can be read by user '"
                    + user.name() + "'; set " + DIR_ENV + " to a directory that user can reach");
        }
        return new DistributionCache(system);
    }

    Path dir() {
        return dir;
    }

    /**
     * The home of {@code distribution}, unpacked on first use.
     *
     * @throws ServerUnavailableException when it is neither unpacked nor its zip present
     */
    Path unpacked(Distribution distribution) {
        Path home = dir.resolve(distribution.dirName());
        if (Files.isDirectory(home)) {
            return home;
        }
        if (!Files.isRegularFile(distribution.zip())) {
            throw new ServerUnavailableException(distribution.name() + " " + distribution.version()
                    + " is not unpacked in " + dir + " and its zip is missing (" + distribution.zip()
                    + "); the Maven build downloads it: ./mvnw -pl bench-servers -am package");
        }
        try {
            removeStalePartials();
            Path partial = Files.createTempDirectory(dir, PARTIAL_PREFIX + distribution.dirName() + "-");
            long startNanos = System.nanoTime();
            try {
                ZipUnpacker.unpack(distribution.zip(), partial);
                Files.setPosixFilePermissions(partial, ZipUnpacker.DIRECTORY);
                Files.move(partial, home, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                FileTrees.delete(partial);
                if (Files.isDirectory(home)) {
                    return home; // another process unpacked it at the same time
                }
                throw e;
            }
            LOG.info("unpacked {} into {} in {} ms", distribution.zip(), home, (System.nanoTime() - startNanos) / 1e6);
            return home;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack " + distribution.zip() + " into " + dir + ": " + e, e);
        }
    }

    private void removeStalePartials() throws IOException {
        FileTime staleBefore = FileTime.from(Instant.now().minus(STALE_PARTIAL_AGE));
        try (Stream<Path> children = Files.list(dir)) {
            for (Path child : (Iterable<Path>) children::iterator) {
                if (child.getFileName().toString().startsWith(PARTIAL_PREFIX)
                        && Files.getLastModifiedTime(child).compareTo(staleBefore) < 0) {
                    FileTrees.delete(child);
                }
            }
        }
    }

    /** Creates {@code dir} and missing parents, each enterable by all, whatever this process's umask. */
    private static void createReadable(Path dir) {
        Path firstMissing = null;
        for (Path path = dir; path != null && !Files.exists(path); path = path.getParent()) {
            firstMissing = path;
        }
        if (firstMissing == null) {
            return; // existing directories keep the mode their owner gave them
        }
        try {
            Files.createDirectories(dir);
            for (Path created = dir; created.startsWith(firstMissing); created = created.getParent()) {
                Files.setPosixFilePermissions(created, ZipUnpacker.DIRECTORY);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the cache dir " + dir + ": " + e.getMessage(), e);
        }
    }
}
