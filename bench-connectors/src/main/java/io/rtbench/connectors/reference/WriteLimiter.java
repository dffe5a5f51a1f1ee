package io.rtbench.connectors.reference;

import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.Target;

/**
 * A store's write capacity: each batch occupies the store for {@code size / limit} seconds, batches one after the
 * other, and a write returns when its batch's time is over. Idle time is not banked, so the store never absorbs a
 * burst faster than its limit: offered more than the limit, writers queue and a pipeline's backlog grows, as with a
 * real database at its peak.
 */
final class WriteLimiter {

    private final Rate limit;
    private final double microsPerUnit;
    private double nextFreeMicros = Double.NEGATIVE_INFINITY;

    WriteLimiter(Rate limit) {
        this.limit = limit;
        this.microsPerUnit = 1e6 / limit.perSecond();
    }

    Rate limit() {
        return limit;
    }

    /**
     * Books the store for a batch.
     *
     * @param events the batch's events, counted by an events/s limit
     * @param bytes the batch's bytes, counted by a bytes/s limit
     * @param maxWaitMicros the caller's time bound ({@link Target} calls are bounded by the target timeout)
     * @return when the batch is done (epoch µs), or -1 when that is more than {@code maxWaitMicros} away; nothing is
     *     booked then
     */
    synchronized long reserve(long events, long bytes, long nowMicros, long maxWaitMicros) {
        long units = limit.unit() == Rate.Unit.BYTES ? bytes : events;
        double start = Math.max(nowMicros, nextFreeMicros);
        double end = start + units * microsPerUnit;
        if (end - nowMicros > maxWaitMicros) {
            return -1;
        }
        nextFreeMicros = end;
        return (long) Math.ceil(end);
    }
}
