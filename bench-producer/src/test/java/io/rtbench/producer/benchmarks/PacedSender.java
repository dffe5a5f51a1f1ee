package io.rtbench.producer.benchmarks;

import io.rtbench.core.event.EventLayout;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.pacing.Pacer;
import io.rtbench.core.pacing.PacingClock;
import io.rtbench.producer.destination.KafkaProducerDefaults;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The baseline for {@code scheduleDelay} in {@link ProducerBenchmark}: rtbench's {@link Pacer} on the real clock,
 * sending ready-made documents from the payload file in bursts of 50, keyed by their {@code _id}, with the producer
 * settings of {@code rtbench produce} — everything the paced producer does except generating the documents. Whatever
 * this sender's {@code scheduleDelay} is, the machine imposes on any sender at that rate; rtbench's own cost is the
 * difference.
 *
 * <p>Arguments: bootstrap servers, topic, payload file, events per second, warmup seconds, measured seconds. Prints
 * one line: {@code scheduleDelay p50 P50 p99 P99 p999 P999 ms}; exits 1 if a send failed.
 */
public final class PacedSender {

    private static final int BURST_EVENTS = 50;

    private PacedSender() {}

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String topic = args[1];
        List<byte[]> documents = Files.readAllLines(Path.of(args[2])).stream()
                .map(line -> line.getBytes(StandardCharsets.UTF_8))
                .toList();
        // The keys exist before the run, so that the loop does no more per event than rtbench's Kafka writer.
        List<byte[]> keys = documents.stream()
                .map(doc ->
                        Arrays.copyOfRange(doc, EventLayout.ID_OFFSET, EventLayout.ID_OFFSET + EventLayout.ID_LENGTH))
                .toList();
        double eventsPerSecond = Double.parseDouble(args[3]);
        long warmupNanos = Long.parseLong(args[4]) * 1_000_000_000L;
        long measuredNanos = Long.parseLong(args[5]) * 1_000_000_000L;

        LatencyRecorder scheduleDelay = new LatencyRecorder("scheduleDelay");
        // One callback for every record (rtbench's Kafka writer has one per burst): a failed send must not pass
        // unnoticed.
        AtomicReference<Exception> failure = new AtomicReference<>();
        Callback onFailure = (metadata, e) -> {
            if (e != null) {
                failure.compareAndSet(null, e);
            }
        };
        Map<String, Object> settings = new HashMap<>(KafkaProducerDefaults.SETTINGS);
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(settings, new ByteArraySerializer(), new ByteArraySerializer())) {
            long startNanos = System.nanoTime();
            long measuredFromNanos = startNanos + warmupNanos;
            long endNanos = measuredFromNanos + measuredNanos;
            Pacer pacer = new Pacer(PacingClock.SYSTEM, eventsPerSecond, BURST_EVENTS, startNanos);
            int next = 0;
            boolean measuring = false;
            while (pacer.intendedNanos(pacer.bursts()) - endNanos < 0) {
                long intended = pacer.awaitNextBurst();
                if (!measuring && intended - measuredFromNanos >= 0) {
                    scheduleDelay.reset();
                    measuring = true;
                }
                // Measured as rtbench's GeneratorLoop measures it: when the burst starts against when it was due.
                scheduleDelay.recordMicros((System.nanoTime() - intended) / 1_000, BURST_EVENTS);
                for (int i = 0; i < BURST_EVENTS; i++) {
                    producer.send(new ProducerRecord<>(topic, keys.get(next), documents.get(next)), onFailure);
                    next = (next + 1) % documents.size();
                }
            }
            producer.flush();
        }
        if (failure.get() != null) {
            System.err.println("PacedSender: a send failed: " + failure.get());
            System.exit(1);
        }
        LatencySummary delay = LatencySummary.ofMicros(scheduleDelay.total());
        System.out.printf(
                Locale.ROOT, "scheduleDelay p50 %.3f p99 %.3f p999 %.3f ms%n", delay.p50(), delay.p99(), delay.p999());
    }
}
