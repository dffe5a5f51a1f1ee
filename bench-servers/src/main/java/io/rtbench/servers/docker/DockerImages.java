package io.rtbench.servers.docker;

import io.rtbench.servers.ServerKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.testcontainers.utility.DockerImageName;

/**
 * The image of each server: the official pinned tag from the repository's {@code .env} (the file docker-compose.yml
 * reads too), unless the environment variable of the same name overrides it, e.g. with a local stand-in that
 * {@code docker/local-images/build} made.
 */
public final class DockerImages {

    private static final String DEFAULTS_RESOURCE = ".env";

    private final Map<String, String> images;

    private DockerImages(Map<String, String> images) {
        this.images = Map.copyOf(images);
    }

    /** The packed defaults overridden by {@code env}. */
    public static DockerImages from(Map<String, String> env) {
        Map<String, String> images = new HashMap<>(parse(defaults()));
        env.forEach((name, value) -> {
            if (name.startsWith("RTBENCH_IMAGE_") && !value.isBlank()) {
                images.put(name, value.strip());
            }
        });
        return new DockerImages(images);
    }

    /** The variable that names the image of {@code kind}; Connect runs on the Kafka image. */
    public static String variable(ServerKind kind) {
        return "RTBENCH_IMAGE_"
                + (kind.equals(ServerKind.CONNECT) ? ServerKind.KAFKA : kind)
                        .cliName()
                        .toUpperCase(Locale.ROOT);
    }

    public String name(ServerKind kind) {
        String name = images.get(variable(kind));
        if (name == null) {
            throw new IllegalStateException(variable(kind) + " is missing from " + DEFAULTS_RESOURCE);
        }
        return name;
    }

    /** The image, declared a substitute for {@code official} so that Testcontainers' modules accept a stand-in. */
    DockerImageName image(ServerKind kind, String official) {
        return DockerImageName.parse(name(kind)).asCompatibleSubstituteFor(official);
    }

    /** {@code NAME=VALUE} lines; blank lines and {@code #} comments are skipped. */
    static Map<String, String> parse(String dotEnv) {
        Map<String, String> values = new HashMap<>();
        for (String line : dotEnv.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            int equals = trimmed.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("not a NAME=VALUE line in " + DEFAULTS_RESOURCE + ": " + line);
            }
            values.put(
                    trimmed.substring(0, equals).strip(),
                    trimmed.substring(equals + 1).strip());
        }
        return values;
    }

    private static String defaults() {
        try (InputStream in = DockerImages.class.getResourceAsStream(DEFAULTS_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(DEFAULTS_RESOURCE + " is not packed next to " + DockerImages.class);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
