package io.rtbench.servers.local;

import io.rtbench.servers.ServerUnavailableException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A server distribution zip that the Maven build resolved (spec section 7): its name as in the zip
 * ({@code elasticsearch}, {@code opensearch}), its version and where the build left it. The build writes these into
 * {@value #RESOURCE}.
 */
record Distribution(String name, String version, Path zip) {

    static final String RESOURCE = "distributions.properties";

    /**
     * The distribution {@code name} as this build recorded it.
     *
     * @throws ServerUnavailableException when the classes were not built by Maven (e.g. by an IDE without filtering)
     */
    static Distribution recorded(String name) {
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
        String zip = recorded.getProperty(name + ".zip");
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
