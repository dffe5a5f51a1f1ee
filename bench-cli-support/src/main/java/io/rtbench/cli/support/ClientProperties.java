package io.rtbench.cli.support;

import io.rtbench.core.IoReasons;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/** Kafka client properties from a file ({@code --kafka-config}). */
public final class ClientProperties {

    private ClientProperties() {}

    /** The file's properties, or none when {@code file} is null; {@link IllegalArgumentException} naming the option. */
    public static Map<String, String> read(Path file, String option) {
        Map<String, String> config = new HashMap<>();
        if (file == null) {
            return config;
        }
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new IllegalArgumentException(option + ": cannot read " + file + ": " + IoReasons.of(e));
        }
        properties.stringPropertyNames().forEach(name -> config.put(name, properties.getProperty(name)));
        return config;
    }
}
