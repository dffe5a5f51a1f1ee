package io.rtbench.cli.support;

import io.rtbench.core.pacing.Rate;
import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What the producer produces and how fast (a picocli mixin of {@code produce} and the pipeline commands). */
public final class PacingOptions {

    @Option(
            names = "--rate",
            defaultValue = Defaults.RATE,
            paramLabel = "RATE",
            converter = Converters.RateConverter.class,
            description = "Total rate: 20MB (MB = 10^6 bytes per second), 512KB/s, 8000/s (events) or max.")
    Rate rate;

    @Option(
            names = "--batch-size",
            defaultValue = Defaults.BATCH_SIZE,
            paramLabel = "N",
            description = "Events per send burst.")
    int batchSize;

    @Option(
            names = "--generators",
            defaultValue = Defaults.GENERATORS,
            paramLabel = "N",
            description = "Generator threads, each its own identifier.")
    int generators;

    @Mixin
    DocumentOptions document;

    @Option(
            names = "--prefill",
            defaultValue = Defaults.PREFILL,
            paramLabel = "N",
            description = "Events written first, as fast as possible, unmeasured.")
    long prefill;

    @Option(
            names = "--warmup",
            defaultValue = Defaults.WARMUP,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Produced at the rate before measuring, then discarded.")
    Duration warmup;

    @Option(
            names = "--duration",
            defaultValue = Defaults.DURATION,
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

    /** The pacing as given, checked by {@link Settings#checked} when the run is built. */
    public Settings settings() {
        return new Settings(rate, batchSize, generators, docSize(), seed(), prefill, warmup, duration);
    }

    /**
     * The producer's pacing and documents, checked. The batch size is checked as a step's (with {@code --batch-sizes})
     * and the generators against the producer's most, with the run's settings together.
     */
    public record Settings(
            Rate rate,
            int batchSize,
            int generators,
            int docSize,
            long seed,
            long prefill,
            Duration warmup,
            Duration duration)
            implements ScenarioPart {

        /** These settings, when every value is within its range; {@link IllegalArgumentException} naming the flag otherwise. */
        public Settings checked() {
            SettingChecks.docSize(docSize);
            SettingChecks.notNegative("--prefill", prefill);
            SettingChecks.duration("--warmup", warmup, true);
            SettingChecks.duration("--duration", duration, false);
            return this;
        }

        public Settings withRate(Rate value) {
            return new Settings(value, batchSize, generators, docSize, seed, prefill, warmup, duration);
        }

        public Settings withBatchSize(int value) {
            return new Settings(rate, value, generators, docSize, seed, prefill, warmup, duration);
        }

        public Settings withGenerators(int value) {
            return new Settings(rate, batchSize, value, docSize, seed, prefill, warmup, duration);
        }

        public Settings withDocument(int bytes, long documentSeed) {
            return new Settings(rate, batchSize, generators, bytes, documentSeed, prefill, warmup, duration);
        }

        public Settings withPrefill(long events) {
            return new Settings(rate, batchSize, generators, docSize, seed, events, warmup, duration);
        }

        public Settings withWarmup(Duration value) {
            return new Settings(rate, batchSize, generators, docSize, seed, prefill, value, duration);
        }

        public Settings withDuration(Duration value) {
            return new Settings(rate, batchSize, generators, docSize, seed, prefill, warmup, value);
        }

        /** The warmup and the duration; the scenario's fixed fields hold the rest (its batch size, generators …). */
        @Override
        public void describe(Map<String, Object> settings) {
            settings.put("warmup", Durations.format(warmup));
            settings.put("duration", Durations.format(duration));
        }
    }
}
