package io.rtbench.cli.support;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * JMH-style repetitions of a pipeline run (a picocli mixin of {@code run}, {@code sweep}, {@code peak} and
 * {@code calibrate}; docs/MEASUREMENT.md, "Repetitions"). The defaults make one fork of one iteration lasting
 * {@code --duration}: a run as it was before repetitions.
 */
public final class RepetitionOptions {

    @Option(
            names = "--forks",
            paramLabel = "N",
            description = "Make the whole run N times, each fork with a fresh collection, topic and consumer group or"
                    + " connector; the score's error comes from the spread across forks.")
    int forks;

    @Option(
            names = "--iterations",
            paramLabel = "N",
            description = "Measured windows per step and fork, each with its own histograms.")
    int iterations;

    @Option(
            names = "--iteration-time",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Length of one iteration (default: --duration).")
    Duration iterationTime;

    @Option(
            names = "--warmup-iterations",
            paramLabel = "N",
            description = "Windows measured before the iterations and discarded (after --warmup).")
    int warmupIterations;

    @Option(
            names = "--fork-servers",
            description = "With --servers local: start fresh servers (Kafka, the database) for every fork instead of"
                    + " keeping them across forks.")
    boolean forkServers;

    public int forks() {
        return forks;
    }

    public int iterations() {
        return iterations;
    }

    /** Null: each iteration lasts {@code --duration}. */
    public Duration iterationTime() {
        return iterationTime;
    }

    public int warmupIterations() {
        return warmupIterations;
    }

    public boolean forkServers() {
        return forkServers;
    }
}
