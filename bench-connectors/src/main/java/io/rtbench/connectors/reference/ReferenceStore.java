package io.rtbench.connectors.reference;

import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.GroundTruth;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One collection of the reference target, shared by all its {@link ReferenceTarget}s in the JVM: the events per
 * generator, the ground-truth recorder, and the write capacity. Writers that give the same {@code write.limit} share
 * one {@link WriteLimiter}: the limit is the store's capacity, not a per-connection one.
 */
final class ReferenceStore {

    private final LatencyRecorder truth = new LatencyRecorder(GroundTruth.METRIC);
    private final LatencyRecorder updateTruth = new LatencyRecorder(Metrics.UPDATE_TRUTH);
    private final LatencyRecorder deleteTruth = new LatencyRecorder(Metrics.DELETE_TRUTH);
    private final LatencyRecorder updateVisibleTruth = new LatencyRecorder(Metrics.UPDATE_VISIBLE_TRUTH);
    private final LatencyRecorder deleteVisibleTruth = new LatencyRecorder(Metrics.DELETE_VISIBLE_TRUTH);
    private final Map<Long, GeneratorState> generators = new ConcurrentHashMap<>();
    private final Map<Long, GeneratorChanges> changes = new ConcurrentHashMap<>();
    private final Map<Rate, WriteLimiter> limiters = new ConcurrentHashMap<>();

    LatencyRecorder truth() {
        return truth;
    }

    LatencyRecorder updateTruth() {
        return updateTruth;
    }

    LatencyRecorder deleteTruth() {
        return deleteTruth;
    }

    /** What {@code updateVisible} should read, recorded at each probe's lookup (see {@link GeneratorChanges}). */
    LatencyRecorder updateVisibleTruth() {
        return updateVisibleTruth;
    }

    LatencyRecorder deleteVisibleTruth() {
        return deleteVisibleTruth;
    }

    /** The generator's rows of workload {@code dml}, made on first use. */
    GeneratorChanges changes(long generatorId, boolean patch) {
        return changes.computeIfAbsent(
                generatorId, id -> new GeneratorChanges(patch, updateVisibleTruth, deleteVisibleTruth));
    }

    /** The generator's rows of workload {@code dml}, or null when none was written. */
    GeneratorChanges findChanges(long generatorId) {
        return changes.get(generatorId);
    }

    GeneratorState generator(long generatorId) {
        return generators.computeIfAbsent(generatorId, GeneratorState::new);
    }

    /** The generator's state, or null when nothing of it was written. */
    GeneratorState find(long generatorId) {
        return generators.get(generatorId);
    }

    WriteLimiter limiter(Rate limit) {
        return limiters.computeIfAbsent(limit, WriteLimiter::new);
    }
}
