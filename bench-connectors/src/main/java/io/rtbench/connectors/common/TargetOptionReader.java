package io.rtbench.connectors.common;

import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a driver's options ({@link TargetConfig#options()}, strings) with defaults and validation. Invalid values are a
 * usage error: {@link IllegalArgumentException} naming the option, the target kind and the accepted values. Options
 * the driver does not know are logged once, since a misspelt option would otherwise silently keep its default.
 * Internal to the drivers.
 */
public final class TargetOptionReader {

    private static final Logger LOG = LoggerFactory.getLogger(TargetOptionReader.class);

    private final TargetConfig config;

    public TargetOptionReader(TargetConfig config, Set<String> known) {
        this.config = config;
        Set<String> unknown = new TreeSet<>(config.options().keySet());
        unknown.removeAll(known);
        unknown.removeAll(TargetConfig.COMMON_OPTIONS);
        if (!unknown.isEmpty()) {
            LOG.warn("{} ignores unknown option(s) {}; it knows {}", config.kind(), unknown, new TreeSet<>(known));
        }
    }

    public String string(String name, String defaultValue) {
        return config.option(name).map(String::trim).orElse(defaultValue);
    }

    /** One of {@code allowed}; the first is the default. */
    public String oneOf(String name, String... allowed) {
        String value = string(name, allowed[0]);
        for (String candidate : allowed) {
            if (candidate.equals(value)) {
                return value;
            }
        }
        throw invalid(name, value, "one of " + String.join(", ", allowed));
    }

    public int integer(String name, int defaultValue, int min) {
        String value = string(name, null);
        if (value == null) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw invalid(name, value, "an integer >= " + min);
    }

    /** A duration such as {@code 200ms}; {@code 0} is accepted for zero. */
    public Duration duration(String name, Duration defaultValue) {
        String value = string(name, null);
        if (value == null) {
            return defaultValue;
        }
        if (value.equals("0")) {
            return Duration.ZERO;
        }
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw invalid(name, value, "a duration, " + Durations.ACCEPTED_FORMS);
        }
    }

    public IllegalArgumentException invalid(String name, String value, String expected) {
        return new IllegalArgumentException(
                "target option " + name + "=" + value + " for " + config.kind() + " is invalid; expected " + expected);
    }
}
