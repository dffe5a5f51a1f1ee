package io.rtbench.cli.support;

import java.time.Duration;
import picocli.CommandLine.Option;

/** How long a command waits for Kafka and its target at its start (a picocli mixin of every command that uses them). */
public final class StartOptions {

    @Option(
            names = "--connect-timeout",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long Kafka and the target may take to answer at the start before the command gives up.")
    Duration connectTimeout;

    public Duration connectTimeout() {
        return connectTimeout;
    }
}
