package io.rtbench.cli.support;

import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/** How the evaluator probes the target (a picocli mixin of every command that probes). */
public final class ProbeOptions {

    @Option(
            names = "--probe-interval",
            defaultValue = Defaults.PROBE_INTERVAL,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Mean time between two probes of one generator (each gap drawn from 0.5 to 1.5 times it).")
    Duration interval;

    @Option(
            names = "--probe-timeout",
            defaultValue = Defaults.PROBE_TIMEOUT,
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

    /** The probe's settings as given, checked by {@link Settings#checked} when the run is built. */
    public Settings settings() {
        return new Settings(interval, timeout);
    }

    /** How a pipeline run probes, checked. */
    public record Settings(Duration interval, Duration timeout) implements ScenarioPart {

        /** These settings, when every value is within its range; {@link IllegalArgumentException} naming the flag otherwise. */
        public Settings checked() {
            SettingChecks.duration("--probe-interval", interval, false);
            SettingChecks.duration("--probe-timeout", timeout, false);
            return this;
        }

        public Settings withInterval(Duration value) {
            return new Settings(value, timeout);
        }

        public Settings withTimeout(Duration value) {
            return new Settings(interval, value);
        }

        @Override
        public void describe(Map<String, Object> settings) {
            settings.put("probeInterval", Durations.format(interval));
            settings.put("probeTimeout", Durations.format(timeout));
        }
    }
}
