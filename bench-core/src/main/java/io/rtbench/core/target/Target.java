package io.rtbench.core.target;

import io.rtbench.core.event.EventBatch;
import java.util.OptionalLong;

/**
 * A database that events land in and that the evaluator probes. One implementation per target kind, found through
 * {@link TargetProvider} and {@link java.util.ServiceLoader}; the bridge, the Kafka Connect sink task and direct mode
 * all call the same {@link #write}.
 *
 * <p>Implementations are thread-safe: the bridge writes from several threads and the evaluator probes concurrently.
 * Every call is bounded by the configured {@link TargetConfig#timeout()}; a call that cannot complete in time throws
 * {@link TargetException} rather than hanging.
 */
public interface Target extends AutoCloseable {

    /** Creates the index or table named by {@link TargetConfig#collection()} unless it exists. Idempotent. */
    void ensureCollection();

    /**
     * Writes one batch of already-serialized events and returns once the target acknowledged it. Writes are idempotent
     * on {@code _id} where the database allows it.
     *
     * @return the outcome per event: events the target rejected are listed, never dropped silently
     * @throws TargetException when the target cannot be reached or refused the whole batch (retryable by the caller)
     */
    WriteResult write(EventBatch batch);

    /**
     * The probe: the newest {@code _event_time} visible for a generator.
     *
     * @return microseconds since the Unix epoch, or empty when no event of that generator is visible yet
     */
    OptionalLong newestEventTimeMicros(long generatorId);

    /**
     * Whether written events ever become visible to {@link #newestEventTimeMicros}: false only for a target that
     * discards them (the {@code null} target), whose probes finding nothing is no news about a sink behind.
     */
    default boolean showsEvents() {
        return true;
    }

    /** Counts what landed for one generator, for the loss/duplicate audit at the end of a step. */
    AuditCounts audit(long generatorId);

    /** The server's version as it reports it, for the result file; {@code "unknown"} when it does not say. */
    String serverVersion();

    /** Releases connections; does not throw. */
    @Override
    void close();
}
