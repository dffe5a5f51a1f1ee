package io.rtbench.cli.support;

import java.time.Duration;
import picocli.CommandLine.Option;

/** How rtbench's bridge batches and consumes (a picocli mixin of {@code bridge} and the pipeline commands). */
public final class BridgeOptions {

    @Option(names = "--bridge-batch-size", paramLabel = "N", description = "Events per target write (at most).")
    int batchSize;

    @Option(
            names = "--bridge-linger",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long a batch may wait to fill.")
    Duration linger;

    @Option(
            names = "--bridge-threads",
            paramLabel = "N",
            description = "Consumers in the group, each writing its partitions (Connect: tasks).")
    int threads;

    @Option(
            names = "--bridge-max-in-flight",
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
}
