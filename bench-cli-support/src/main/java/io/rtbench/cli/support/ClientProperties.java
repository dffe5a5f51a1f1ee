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

    private static final String BOOTSTRAP_SERVERS = "bootstrap.servers";

    private ClientProperties() {}

    /**
     * The file's properties, or none when {@code file} is null; a {@link UsageException} (exit 2, whatever the command)
     * naming the option for a file that cannot be read or that names the brokers.
     */
    public static Map<String, String> read(Path file, String option) {
        Map<String, String> config = new HashMap<>();
        if (file == null) {
            return config;
        }
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UsageException(option + ": " + IoReasons.cannotRead(file, e));
        }
        properties.stringPropertyNames().forEach(name -> config.put(name, properties.getProperty(name)));
        if (config.containsKey(BOOTSTRAP_SERVERS)) {
            // the run's own brokers (--bootstrap-servers, or the Kafka it started) would win without a word
            throw new UsageException(
                    option + ": " + file + " sets " + BOOTSTRAP_SERVERS
                            + "; give the brokers with --bootstrap-servers (the file is for client settings: TLS, SASL, acks …)");
        }
        return config;
    }
}
