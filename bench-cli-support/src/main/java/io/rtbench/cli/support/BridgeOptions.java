package io.rtbench.cli.support;

import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/** How rtbench's bridge batches and consumes (a picocli mixin of {@code bridge} and the pipeline commands). */
public final class BridgeOptions {

    @Option(
            names = "--bridge-batch-size",
            defaultValue = Defaults.BRIDGE_BATCH_SIZE,
            paramLabel = "N",
            description = "Events per target write (at most).")
    int batchSize;

    @Option(
            names = "--bridge-linger",
            defaultValue = Defaults.BRIDGE_LINGER,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long a batch may wait to fill.")
    Duration linger;

    @Option(
            names = "--bridge-threads",
            defaultValue = Defaults.BRIDGE_THREADS,
            paramLabel = "N",
            description = "Consumers in the group, each writing its partitions (Connect: tasks).")
    int threads;

    @Option(
            names = "--bridge-max-in-flight",
            defaultValue = Defaults.BRIDGE_MAX_IN_FLIGHT,
            paramLabel = "N",
            description = "Target writes in flight per consumer (Connect: per task); offsets are committed in order.")
    int maxInFlight;

    public int maxInFlight() {
        return maxInFlight;
    }

    public int batchSize() {
        return batchSize;
    }

    public Duration linger() {
        return linger;
    }

    public int threads() {
        return threads;
    }

    /** The sink's settings as given, checked by {@link Settings#checked} when the run is built. */
    public Settings settings() {
        return new Settings(batchSize, linger, threads, maxInFlight);
    }

    /**
     * The sink's settings, checked: the bridge's ({@code kafka-bridge}); batch size, threads (as tasks) and writes in
     * flight also for rtbench's Connect sink. The upper bounds of threads and writes in flight are the bridge's own
     * (bench-connectors), checked with the run's settings together.
     */
    public record Settings(int batchSize, Duration linger, int threads, int maxInFlight) implements ScenarioPart {

        /** These settings, when every value is within its range; {@link IllegalArgumentException} naming the flag otherwise. */
        public Settings checked() {
            SettingChecks.positive("--bridge-batch-size", batchSize);
            SettingChecks.duration("--bridge-linger", linger, true);
            return this;
        }

        public Settings withLinger(Duration value) {
            return new Settings(batchSize, value, threads, maxInFlight);
        }

        @Override
        public void describe(Map<String, Object> settings) {
            settings.put("bridgeBatchSize", batchSize);
            settings.put("bridgeLinger", Durations.format(linger));
            settings.put("bridgeThreads", threads);
            settings.put("bridgeMaxInFlight", maxInFlight);
        }
    }
}
