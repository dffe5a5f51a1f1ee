package io.rtbench.cli.run;

import java.util.Locale;

/** How events travel from the producer to the target (docs/GUIDE.md). */
public enum Pipeline {
    /** producer → Kafka → rtbench's bridge → target. */
    KAFKA_BRIDGE,
    /** producer → Kafka → a Kafka Connect sink connector → target. */
    KAFKA_CONNECT,
    /** producer → target, no Kafka (RockBench's shape). */
    DIRECT,
    /** producer → Kafka → the database's own Kafka consumer (ClickHouse's Kafka table engine). */
    NATIVE;

    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Pipeline fromCliName(String name) {
        for (Pipeline pipeline : values()) {
            if (pipeline.cliName().equals(name.trim().toLowerCase(Locale.ROOT))) {
                return pipeline;
            }
        }
        throw new IllegalArgumentException(
                "unknown pipeline '" + name + "'; one of kafka-bridge, kafka-connect, direct," + " native");
    }

    boolean usesKafka() {
        return this != DIRECT;
    }
}
