package io.rtbench.core.time;

import java.time.Clock;
import java.time.Instant;

/**
 * Wall-clock time in microseconds since the Unix epoch: the unit of {@code _event_time}. Producers stamp events with
 * it and evaluators compare against it, on the same host (docs/MEASUREMENT.md, Clocks), so both must read the same clock.
 * Injected so that latency arithmetic is testable.
 */
@FunctionalInterface
public interface EpochClock {

    long epochMicros();

    /** The system's wall clock, at the microsecond resolution Linux gives the JVM. */
    EpochClock SYSTEM = new EpochClock() {
        private final Clock clock = Clock.systemUTC();

        @Override
        public long epochMicros() {
            // Instant does not escape: the JIT scalar-replaces it, so this does not allocate on the hot path.
            Instant now = clock.instant();
            return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
        }
    };
}
