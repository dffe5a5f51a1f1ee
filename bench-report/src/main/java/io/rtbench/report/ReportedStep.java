package io.rtbench.report;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.StepRate;
import java.util.Locale;

/**
 * One step of a result with its interval histograms when its {@code .hlog} could be read.
 *
 * @param number 1-based position in the run
 * @param batchSize the step's batch size, else the scenario's; null when neither says
 * @param histograms null when there is no readable {@code .hlog}; {@link #histogramNote} then says why
 */
record ReportedStep(int number, StepResult step, Integer batchSize, StepHistograms histograms, String histogramNote) {

    LatencySummary latency(String metric) {
        return step.latencyMs().get(metric);
    }

    /** "#2 10 MB/s": the step's number and intended rate, or its achieved rate when it had no target. */
    String label() {
        return "#" + number + " " + rateLabel();
    }

    String rateLabel() {
        StepRate rate = step.rate();
        if (rate == null) {
            return "no rate";
        }
        if (rate.targetBytesPerSec() != null) {
            return Numbers.plain(Numbers.megabytes(rate.targetBytesPerSec()), 3) + " MB/s";
        }
        if (rate.targetEventsPerSec() != null) {
            return Numbers.plain(rate.targetEventsPerSec(), 1) + "/s";
        }
        if (rate.achievedBytesPerSec() == null) {
            return String.format(Locale.ROOT, "achieved %s/s", Numbers.plain(rate.achievedEventsPerSec(), 1));
        }
        return String.format(
                Locale.ROOT, "achieved %s MB/s", Numbers.plain(Numbers.megabytes(rate.achievedBytesPerSec()), 3));
    }

    /**
     * Whether the step is a point of a chart versus achieved MB/s: it has data latency samples and counted its bytes (a
     * bridge or an evaluator on its own counts none).
     */
    boolean plottedVersusRate() {
        return latency(Metrics.DATA) != null && achievedMegabytesPerSec() != null;
    }

    /** The achieved rate in MB/s; null where the bytes were not counted (a bridge or an evaluator on its own). */
    Double achievedMegabytesPerSec() {
        return step.rate() == null || step.rate().achievedBytesPerSec() == null
                ? null
                : step.rate().achievedBytesPerSec() / Numbers.BYTES_PER_MB;
    }
}
