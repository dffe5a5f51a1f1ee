package io.rtbench.cli.support;

import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where Kafka is and how to talk to it; the same flags under every command that talks to Kafka (a picocli mixin). */
public final class KafkaOptions {

    @Option(
            names = "--bootstrap-servers",
            paramLabel = "HOST:PORT",
            converter = Converters.BootstrapServersConverter.class,
            description = "Kafka brokers.")
    String bootstrapServers;

    @Option(names = "--topic", defaultValue = Defaults.TOPIC, paramLabel = "TOPIC", description = "The events topic.")
    String topic;

    @Option(
            names = "--kafka-config",
            paramLabel = "FILE",
            description = "Kafka client properties (acks, compression, TLS, SASL …); never written to a result.")
    Path kafkaConfig;

    @Option(
            names = {"--producer-config", "--consumer-config"},
            hidden = true,
            paramLabel = "FILE")
    void legacyConfig(Path file) {
        kafkaConfig = file;
    }

    /** The brokers, or null when none were given. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    public String topic() {
        return topic;
    }

    /** The client properties of {@code --kafka-config}, read now; empty without the flag. */
    public Map<String, String> clientConfig() {
        return ClientProperties.read(kafkaConfig, "--kafka-config");
    }

    /** The file as given, for a scenario's precedence; null without the flag. */
    public Path configFile() {
        return kafkaConfig;
    }

    /**
     * Kafka's settings as given, the client properties read now; a usage error naming {@code --kafka-config} for a file
     * that cannot be read.
     */
    public Settings settings() {
        return new Settings(bootstrapServers, topic, clientConfig());
    }

    /**
     * Where Kafka is and what the run's clients are given: the brokers (null when none were given), the events topic
     * (checked as a Kafka name by a run that uses Kafka) and the client properties (TLS, SASL …), never written to a
     * result.
     */
    public record Settings(String bootstrapServers, String topic, Map<String, String> clientConfig)
            implements ScenarioPart {

        public Settings {
            clientConfig = Map.copyOf(clientConfig);
        }

        public Settings withBootstrapServers(String value) {
            return new Settings(value, topic, clientConfig);
        }

        public Settings withTopic(String value) {
            return new Settings(bootstrapServers, value, clientConfig);
        }

        /** With the client properties of {@code file} ({@code --kafka-config}), read now. */
        public Settings withConfigFile(Path file) {
            return new Settings(bootstrapServers, topic, ClientProperties.read(file, "--kafka-config"));
        }

        /** The topic; the client properties are never written to a result. */
        @Override
        public void describe(Map<String, Object> settings) {
            settings.put("topic", topic);
        }
    }
}
