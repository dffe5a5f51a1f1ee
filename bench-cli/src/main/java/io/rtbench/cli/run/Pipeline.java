package io.rtbench.cli.run;

import io.rtbench.core.CliNamed;

/** How events travel from the producer to the target (docs/GUIDE.md). */
public enum Pipeline implements CliNamed {
    /** producer → Kafka → rtbench's bridge → target. */
    KAFKA_BRIDGE,
    /** producer → Kafka → a Kafka Connect sink connector → target. */
    KAFKA_CONNECT,
    /** producer → target, no Kafka (RockBench's shape). */
    DIRECT,
    /** producer → Kafka → the database's own Kafka consumer (ClickHouse's Kafka table engine). */
    NATIVE;

    public static Pipeline fromCliName(String name) {
        return CliNamed.find(Pipeline.class, name)
                .orElseThrow(() -> new IllegalArgumentException("unknown pipeline '" + name + "'; one of "
                        + String.join(", ", CliNamed.names(Pipeline.class))));
    }

    boolean usesKafka() {
        return this != DIRECT;
    }
}
