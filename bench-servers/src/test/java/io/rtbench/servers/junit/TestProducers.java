package io.rtbench.servers.junit;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;

/** Producer settings for integration tests that must not lose a record, on a topic they may just have created. */
public final class TestProducers {

    private TestProducers() {}

    /** acks=all and one request in flight, on {@code bootstrapServers}; a mutable map, for the test's own settings. */
    public static Map<String, Object> lossless(String bootstrapServers) {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        // One request in flight: a new partition's first request refused while later ones land loses its events with
        // an idempotent producer (KAFKA-15591, seen with Kafka 4.3.1 on auto-created topics).
        config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
        return config;
    }
}
