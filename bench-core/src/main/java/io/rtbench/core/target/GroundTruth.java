package io.rtbench.core.target;

import io.rtbench.core.metrics.LatencyRecorder;
import java.util.List;

/**
 * Implemented by targets that know when each event truly became visible: the in-memory {@code reference} target used by
 * {@code rtbench calibrate} (docs/MEASUREMENT.md). The evaluator checks {@code target instanceof GroundTruth} and reports
 * {@link #truth()} as metric {@value #METRIC} next to its own {@code data} metric; the difference is the harness's
 * error.
 *
 * <p>The recorder belongs to the target's shared store, not to one {@link Target} instance: the bridge writes through
 * one instance and the evaluator reads the truth through another, in the same JVM.
 */
public interface GroundTruth {

    /** The metric name the evaluator records the truth under. */
    String METRIC = "truth";

    /**
     * One value per event (the first copy of each {@code _seq}; redeliveries do not change when an event became
     * visible): the moment the event became visible to probes minus its {@code _event_time}, in microseconds. Recorded
     * when the event is written, since its visibility time is decided then.
     */
    LatencyRecorder truth();

    /**
     * Every truth the target records: {@link #truth()}, and for workload {@code dml} {@code updateTruth} and
     * {@code deleteTruth} (each update's and delete's true visibility time minus its {@code _event_time}, first copies
     * only), the truths of {@code updateVisible} and {@code deleteVisible}; and {@code updateVisibleTruth} and
     * {@code deleteVisibleTruth}, what those two metrics should read at each probe's instant.
     */
    default List<LatencyRecorder> truths() {
        return List.of(truth());
    }
}
