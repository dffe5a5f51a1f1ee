package io.rtbench.cli.hosts;

import io.rtbench.cli.hosts.HostMessages.Share;
import io.rtbench.cli.run.Pipeline;
import io.rtbench.cli.run.RunSpec;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.producer.Destination;
import io.rtbench.producer.KafkaDestination;
import io.rtbench.producer.PacingSettings;
import io.rtbench.producer.ProducerSettings;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * What a worker needs of the coordinator's run to produce and probe its share: the target, the topic, the documents
 * and the probe's timing. Secrets are not in it: a worker reads its own credentials (environment or file) and Kafka
 * client properties, as a one-host run does.
 *
 * @param direct the producer writes to the target itself ({@code --pipeline direct}) instead of to the topic
 * @param generators the run's generators, all workers together
 */
record WorkerSpec(
        String target,
        String targetUrl,
        String collection,
        Map<String, String> targetOptions,
        boolean direct,
        String topic,
        String valueFormat,
        int generators,
        int docSize,
        long seed,
        long probeIntervalMs,
        long probeTimeoutMs,
        long connectTimeoutMs,
        long retryTimeoutMs) {

    /** The scenario of a coordinator's run. */
    static WorkerSpec of(RunSpec spec) {
        return new WorkerSpec(
                spec.target().kind(),
                spec.target().url() == null ? null : spec.target().url().toString(),
                spec.target().collection(),
                spec.target().options(),
                spec.pipeline() == Pipeline.DIRECT,
                spec.kafka().topic(),
                spec.values().valueFormat().cliName(),
                spec.pacing().generators(),
                spec.pacing().docSize(),
                spec.pacing().seed(),
                spec.probe().interval().toMillis(),
                spec.probe().timeout().toMillis(),
                spec.start().connectTimeout().toMillis(),
                spec.run().retryTimeout().toMillis());
    }

    TargetConfig targetConfig(Credentials credentials) {
        return new TargetConfig(
                target,
                targetUrl == null ? null : URI.create(targetUrl),
                collection,
                credentials,
                Duration.ofSeconds(30),
                targetOptions);
    }

    /**
     * The producer of one worker's share: its generators, and contents of its own (the seed moved by the worker's
     * place, so that no two workers write the same documents and a run stays reproducible per seed and place).
     */
    ProducerSettings producer(Share share, String bootstrapServers, Map<String, String> kafkaConfig, TargetConfig to) {
        PacingSettings pacing =
                new PacingSettings(Rate.ofEventsPerSecond(1), 1, share.generators(), Duration.ofSeconds(1), 0, 0);
        GeneratorSettings generator = new GeneratorSettings(seed + 1_000_000L * share.index(), docSize);
        if (direct) {
            return new ProducerSettings(pacing, generator, new Destination.Direct(to));
        }
        KafkaDestination kafka = new KafkaDestination(
                bootstrapServers,
                topic,
                KafkaDestination.KeyMode.ID,
                kafkaConfig,
                KafkaDestination.DEFAULT_PARTITIONS,
                KafkaDestination.DEFAULT_ANNOUNCE_TOPIC,
                Duration.ofMillis(connectTimeoutMs),
                KafkaDestination.ValueFormat.fromCliName(valueFormat),
                Duration.ofMillis(retryTimeoutMs));
        return new ProducerSettings(pacing, generator, kafka);
    }

    Duration probeInterval() {
        return Duration.ofMillis(probeIntervalMs);
    }

    Duration probeTimeout() {
        return Duration.ofMillis(probeTimeoutMs);
    }
}
