package io.rtbench.hosts;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.connectors.kafka.KafkaAdmins;
import io.rtbench.connectors.kafka.KafkaTopics;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.KafkaReach;
import io.rtbench.core.metrics.LatencyRecorder;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * The two topics through which a run on several hosts is coordinated (docs/ARCHITECTURE.md, "Several hosts"): the
 * coordinator's announcements and commands on {@value #CONTROL}, the workers' claims on the same topic, and the workers'
 * per-second intervals and step reports on {@value #RESULTS}. Each has one partition, so that every reader sees the
 * records of a run in the order they were written. Records are JSON; histograms inside them are HdrHistogram's
 * compressed encoding (as in a {@code .hlog}), in base64.
 */
final class HostTopics {

    static final String CONTROL = "rtbench.control";
    static final String RESULTS = "rtbench.results";

    static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private HostTopics() {}

    /** Creates both topics if they are missing (one partition each); fails with one line (exit 1) when Kafka cannot answer. */
    static void ensure(String bootstrapServers, Map<String, String> kafkaConfig, Duration timeout) {
        try (Admin admin = KafkaAdmins.create(bootstrapServers, kafkaConfig, timeout)) {
            // ready to be produced to: the first announcement must not be lost (KafkaTopics)
            KafkaTopics.createMissing(
                    admin,
                    List.of(new NewTopic(CONTROL, 1, (short) -1), new NewTopic(RESULTS, 1, (short) -1)),
                    timeout);
        } catch (ExecutionException | TimeoutException e) {
            throw KafkaReach.failure(bootstrapServers, timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchmarkException("interrupted while creating the topics " + CONTROL + " and " + RESULTS);
        }
    }

    /** HdrHistogram's compressed encoding, in base64. */
    static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    /** The histogram {@link #encode} wrote; an interval that cannot be decoded is bad input from another host. */
    static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(base64)), LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "an interval on " + RESULTS + " cannot be decoded: " + e.getMessage(), e);
        }
    }
}
