package io.rtbench.core.mixed;

import io.rtbench.core.Bounds;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * Workload {@code mixed} (docs/GUIDE.md, "Reads under write load"): the writes at {@code --rate} as usual, plus reads
 * issued open-loop at their intended times, each about one event that landed at least {@link #readAge} ago.
 *
 * @param readsPerSec the read rate ({@code --read-rate 200/s}); null when {@link #readShare} says it
 * @param readShare reads as a share of all operations ({@code --read-share 20%}: 1 read per 4 writes); null when
 *     {@link #readsPerSec} says it
 * @param users the keyspace of {@code user_id} ({@code --users}): each document's is drawn uniformly from 0 … users−1
 * @param readAge reads pick events written at least this long ago ({@code --read-age}); none is read twice
 * @param readQuery what each read asks ({@code --read-query})
 * @param window the length of the per-window latency summaries ({@code --window})
 */
public record MixedSettings(
        Double readsPerSec, Double readShare, long users, Duration readAge, ReadQuery readQuery, Duration window) {

    public static final long DEFAULT_USERS = 10_000_000L;
    public static final Duration DEFAULT_READ_AGE = Duration.ofMinutes(30);
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(60);

    public MixedSettings {
        Objects.requireNonNull(readAge, "readAge");
        Objects.requireNonNull(readQuery, "readQuery");
        Objects.requireNonNull(window, "window");
        if ((readsPerSec == null) == (readShare == null)) {
            throw new IllegalArgumentException("workload mixed takes --read-rate or --read-share, one of them");
        }
        if (readsPerSec != null && !(readsPerSec > 0 && Double.isFinite(readsPerSec))) {
            throw new IllegalArgumentException("--read-rate must be a positive number of reads per second, e.g. 200/s");
        }
        if (readShare != null && !(readShare > 0 && readShare < 1)) {
            throw new IllegalArgumentException(
                    "--read-share must be above 0% and below 100%, got " + DmlSettings.percent(readShare));
        }
        Bounds.atLeast("--users", 1, users);
        Bounds.notNegative("--read-age", readAge);
        if (window.toMillis() < 1000) {
            throw new IllegalArgumentException(
                    "--window must be at least 1s (the engine's tick), got " + Durations.format(window));
        }
    }

    /**
     * Reads per second at a write rate of {@code writesPerSec} events: the read rate, or the share's reads beside the
     * writes (share s of all operations: s / (1 − s) reads per write). NaN for a share at an unpaced write rate.
     */
    public double readsPerSec(double writesPerSec) {
        if (readsPerSec != null) {
            return readsPerSec;
        }
        return Double.isFinite(writesPerSec) ? writesPerSec * readShare / (1 - readShare) : Double.NaN;
    }
}
