package io.rtbench.hosts;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.rtbench.core.DaemonThreads;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One host's end of the coordination topics: it writes records of type {@code W} to one topic and reads records of
 * type {@code R} from another on a thread of its own, from the topic's end at the time it opened (what was written
 * before is an earlier run's). No consumer group: each host reads the whole single partition.
 */
final class HostChannel<W, R> implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HostChannel.class);

    private final KafkaProducer<String, String> producer;
    private final KafkaConsumer<String, String> consumer;
    private final String writeTopic;
    private final Thread reader;
    private volatile boolean closed;

    HostChannel(
            String bootstrapServers,
            Map<String, String> kafkaConfig,
            String writeTopic,
            String readTopic,
            Class<R> readType,
            Consumer<R> handler,
            String name) {
        this.writeTopic = writeTopic;
        Map<String, Object> producerConfig = new HashMap<>(kafkaConfig);
        producerConfig.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        producerConfig.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
        producerConfig.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
        this.producer = new KafkaProducer<>(producerConfig, new StringSerializer(), new StringSerializer());
        Map<String, Object> consumerConfig = new HashMap<>(kafkaConfig);
        consumerConfig.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumerConfig.remove(ConsumerConfig.GROUP_ID_CONFIG);
        this.consumer = new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new StringDeserializer());
        TopicPartition partition = new TopicPartition(readTopic, 0);
        consumer.assign(List.of(partition));
        consumer.seekToEnd(List.of(partition));
        consumer.position(partition); // resolved now: records written after this constructor are read
        this.reader = DaemonThreads.start(name, () -> read(readType, handler));
    }

    private void read(Class<R> type, Consumer<R> handler) {
        try {
            while (!closed) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    R message;
                    try {
                        message = HostTopics.JSON.readValue(record.value(), type);
                    } catch (JsonProcessingException e) {
                        LOG.warn("ignored a record on {} that is not rtbench's: {}", record.topic(), e.getMessage());
                        continue;
                    }
                    try {
                        handler.accept(message);
                    } catch (RuntimeException e) {
                        // one bad record (an interval that does not decode) must not end the reading of the run
                        LOG.warn("ignored a record on {}: {}", record.topic(), e.getMessage());
                    }
                }
            }
        } catch (WakeupException e) {
            // closed
        } catch (RuntimeException e) {
            if (!closed) {
                LOG.error("reading the coordination topic failed", e);
            }
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    /** Writes a record keyed by its run; does not wait for the broker. */
    void send(String run, W message) {
        try {
            producer.send(new ProducerRecord<>(writeTopic, run, HostTopics.JSON.writeValueAsString(message)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes what was sent so far and waits for the broker's acknowledgement (bounded by the client's timeouts). */
    void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        closed = true;
        consumer.wakeup();
        try {
            reader.join(TimeUnit.SECONDS.toMillis(3));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(Duration.ofSeconds(3));
    }
}
