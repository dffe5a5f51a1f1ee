package io.rtbench.report;

import io.rtbench.core.metrics.Metrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The order metrics are shown in: the headline first, then the pipeline's stages, then anything unknown by name. */
final class MetricOrder {

    static final List<String> KNOWN = List.of(
            Metrics.DATA,
            Metrics.UPDATE_VISIBLE,
            Metrics.DELETE_VISIBLE,
            Metrics.DATA_AT_REQUEST,
            Metrics.QUERY,
            Metrics.PRODUCE_ACK,
            Metrics.SCHEDULE_DELAY,
            Metrics.KAFKA_HOP,
            Metrics.SINK_WRITE,
            Metrics.TRUTH,
            Metrics.UPDATE_TRUTH,
            Metrics.DELETE_TRUTH,
            Metrics.UPDATE_VISIBLE_TRUTH,
            Metrics.DELETE_VISIBLE_TRUTH);

    /** The stages of an event's way, in pipeline order, for "where the time goes". */
    static final List<String> STAGES =
            List.of(Metrics.PRODUCE_ACK, Metrics.KAFKA_HOP, Metrics.SINK_WRITE, Metrics.QUERY, Metrics.DATA);

    private MetricOrder() {}

    /** The metrics that occur in at least one step of {@code runs}, known ones in {@link #KNOWN} order. */
    static List<String> present(List<ReportedRun> runs) {
        Set<String> found = new TreeSet<>();
        for (ReportedRun run : runs) {
            for (ReportedStep step : run.steps()) {
                found.addAll(step.step().latencyMs().keySet());
            }
        }
        List<String> ordered = new ArrayList<>();
        for (String metric : KNOWN) {
            if (found.remove(metric)) {
                ordered.add(metric);
            }
        }
        ordered.addAll(found);
        return ordered;
    }
}
