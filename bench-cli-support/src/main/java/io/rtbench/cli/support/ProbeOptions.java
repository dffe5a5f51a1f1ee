package io.rtbench.cli.support;

import java.time.Duration;
import picocli.CommandLine.Option;

/** How the evaluator probes the target (a picocli mixin of every command that probes). */
public final class ProbeOptions {

    @Option(
            names = "--probe-interval",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Mean time between two probes of one generator (each gap drawn from 0.5 to 1.5 times it).")
    Duration interval;

    @Option(
            names = "--probe-timeout",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "A slower probe counts as failed (and is recorded as at least this).")
    Duration timeout;

    @Option(names = "--interval", hidden = true, converter = Converters.DurationConverter.class)
    void legacyInterval(Duration value) {
        interval = value;
    }

    @Option(names = "--timeout", hidden = true, converter = Converters.DurationConverter.class)
    void legacyTimeout(Duration value) {
        timeout = value;
    }

    public Duration interval() {
        return interval;
    }

    public Duration timeout() {
        return timeout;
    }
}
