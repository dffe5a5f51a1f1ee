package io.rtbench.connectors.reference;

import io.rtbench.connectors.common.TargetOptionReader;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.TargetConfig;
import java.time.Duration;
import java.util.Set;

/**
 * The reference target's options.
 *
 * @param delayMicros {@code visibility.delay} (default 0): how long after its write call returns an event becomes
 *     visible to probes
 * @param jitterMicros {@code visibility.jitter} (default 0): each event's delay varies uniformly within ± this, never
 *     becoming visible before its write returned
 * @param writeLimit {@code write.limit}: the store's capacity, in events/s ({@code 8000} or {@code 8000/s}) or bytes/s
 *     ({@code 10MB/s}); writes block so that it is never exceeded. Null: unlimited
 */
record ReferenceSettings(long delayMicros, long jitterMicros, Rate writeLimit) {

    static final Set<String> OPTIONS = Set.of("visibility.delay", "visibility.jitter", "write.limit");

    ReferenceSettings {
        if (delayMicros < 0 || jitterMicros < 0) {
            throw new IllegalArgumentException("visibility delay and jitter must not be negative");
        }
    }

    static ReferenceSettings from(TargetConfig config) {
        TargetOptionReader options = new TargetOptionReader(config, OPTIONS);
        Duration delay = options.duration("visibility.delay", Duration.ZERO);
        Duration jitter = options.duration("visibility.jitter", Duration.ZERO);
        return new ReferenceSettings(micros(delay), micros(jitter), writeLimit(options));
    }

    private static Rate writeLimit(TargetOptionReader options) {
        String text = options.string("write.limit", null);
        if (text == null) {
            return null;
        }
        try {
            Rate rate = text.matches("\\d+(\\.\\d+)?") ? Rate.parse(text + "/s") : Rate.parse(text);
            if (!rate.isMax()) {
                return rate;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw options.invalid("write.limit", text, "events/s (8000 or 8000/s) or bytes/s (10MB/s)");
    }

    private static long micros(Duration duration) {
        return duration.toNanos() / 1_000;
    }
}
