package io.rtbench.cli.support;

import io.rtbench.core.pacing.Rate;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What the producer produces and how fast (a picocli mixin of {@code produce} and the pipeline commands). */
public final class PacingOptions {

    @Option(
            names = "--rate",
            paramLabel = "RATE",
            converter = Converters.RateConverter.class,
            description = "Total rate: 20MB (MB = 10^6 bytes per second), 512KB/s, 8000/s (events) or max.")
    Rate rate;

    @Option(names = "--batch-size", paramLabel = "N", description = "Events per send burst.")
    int batchSize;

    @Option(names = "--generators", paramLabel = "N", description = "Generator threads, each its own identifier.")
    int generators;

    @Mixin
    DocumentOptions document;

    @Option(
            names = "--prefill",
            paramLabel = "N",
            description = "Events written first, as fast as possible, unmeasured.")
    long prefill;

    @Option(
            names = "--warmup",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Produced at the rate before measuring, then discarded.")
    Duration warmup;

    @Option(
            names = "--duration",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Length of the measured phase (of each step), e.g. 30s, 5m.")
    Duration duration;

    public Rate rate() {
        return rate;
    }

    public int batchSize() {
        return batchSize;
    }

    public int generators() {
        return generators;
    }

    public int docSize() {
        return document.docSize();
    }

    public long seed() {
        return document.seed();
    }

    public long prefill() {
        return prefill;
    }

    public Duration warmup() {
        return warmup;
    }

    public Duration duration() {
        return duration;
    }
}
