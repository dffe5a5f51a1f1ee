package io.rtbench.cli.support;

import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/** How long a command waits for Kafka and its target at its start (a picocli mixin of every command that uses them). */
public final class StartOptions {

    @Option(
            names = "--connect-timeout",
            defaultValue = Defaults.CONNECT_TIMEOUT,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long Kafka and the target may take to answer at the start before the command gives up.")
    Duration connectTimeout;

    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** The wait at the start as given, checked by {@link Settings#checked} when the run is built. */
    public Settings settings() {
        return new Settings(connectTimeout);
    }

    /** How long a pipeline run waits for Kafka and its target at its start, checked. */
    public record Settings(Duration connectTimeout) implements ScenarioPart {

        /** These settings, when every value is within its range; {@link IllegalArgumentException} naming the flag otherwise. */
        public Settings checked() {
            SettingChecks.duration("--connect-timeout", connectTimeout, false);
            return this;
        }

        @Override
        public void describe(Map<String, Object> settings) {
            settings.put("connectTimeout", Durations.format(connectTimeout));
        }
    }
}
