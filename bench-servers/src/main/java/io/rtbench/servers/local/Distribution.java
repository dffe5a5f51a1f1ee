package io.rtbench.servers.local;

import io.rtbench.servers.ServerUnavailableException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A server distribution that the Maven build resolved (docs/TARGETS.md): its name (e.g. {@code elasticsearch}), its
 * version and where the build left it: a zip that {@link DistributionCache} unpacks, or a jar that runs as it is. The
 * build writes these into {@value #RESOURCE}.
 */
record Distribution(String name, String version, Path zip) {

    static final String RESOURCE = "distributions.properties";

    /** The zip of distribution {@code name} as this build recorded it; see {@link #recorded(String, String)}. */
    static Distribution recorded(String name) {
        return recorded(name, "zip");
    }

    /**
     * The file of distribution {@code name} and {@code type} ({@code zip}, {@code jar}) as this build recorded it.
     *
     * @throws ServerUnavailableException when the classes were not built by Maven (e.g. by an IDE without filtering)
     */
    static Distribution recorded(String name, String type) {
        Properties recorded = new Properties();
        try (InputStream in = Distribution.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new ServerUnavailableException(RESOURCE + " is missing from the classpath; build with ./mvnw");
            }
            recorded.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        String version = recorded.getProperty(name + ".version");
        String zip = recorded.getProperty(name + "." + type);
        if (version == null || zip == null || zip.startsWith("${")) {
            throw new ServerUnavailableException(
                    RESOURCE + " does not name the " + name + " distribution; build with ./mvnw");
        }
        return new Distribution(name, version, Path.of(zip));
    }

    /** The directory name of the unpacked distribution in the cache. */
    String dirName() {
        return name + "-" + version;
    }
}
