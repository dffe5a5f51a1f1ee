package io.rtbench.report;

import io.rtbench.core.result.ForkStatistics;
import io.rtbench.core.result.ForkStatistics.Verdict;
import io.rtbench.core.result.StepRepetitions.Score;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code rtbench compare} of the time to recover from a fault (docs/MEASUREMENT.md, "Comparing runs"), as of any other
 * score: the n-th fault of each fork of the baseline's step against the n-th of the contender's, when they are of the
 * same kind; each fork's own time to recover is its value, their mean the score with JMH's error, the verdict Welch's
 * test on them. A fork that did not recover (or was not judged) has no time to recover, and none is made up for it:
 * neither the largest time it could have had nor the mean of the other forks, which would leave out the slowest. That
 * side then has no score and the verdict is unknown, saying so.
 */
final class RecoveryComparison {

    /** The metric column's name for the time to recover. */
    static final String METRIC = "timeToRecover";

    private RecoveryComparison() {}

    /** One row per fault the two steps share by place and kind, in ms like every other row. */
    static List<Comparison.Row> rows(
            String contender, String step, ReportedStep base, ReportedStep other, double confidence) {
        List<StepFaults.Slot> baseSlots = StepFaults.slots(base.step());
        List<StepFaults.Slot> otherSlots = StepFaults.slots(other.step());
        List<Comparison.Row> rows = new ArrayList<>();
        for (int i = 0; i < Math.min(baseSlots.size(), otherSlots.size()); i++) {
            StepFaults.Slot baseSlot = baseSlots.get(i);
            StepFaults.Slot otherSlot = otherSlots.get(i);
            if (baseSlot.kind().equals(otherSlot.kind())) {
                rows.add(row(contender, step, baseSlot, otherSlot, confidence));
            }
        }
        return rows;
    }

    private static Comparison.Row row(
            String contender, String step, StepFaults.Slot base, StepFaults.Slot other, double confidence) {
        Optional<List<Double>> baseMs = millis(base);
        Optional<List<Double>> otherMs = millis(other);
        Score baseScore = baseMs.map(ForkStatistics::score).orElse(null);
        Score otherScore = otherMs.map(ForkStatistics::score).orElse(null);
        Verdict verdict = baseScore == null || otherScore == null
                ? Verdict.UNKNOWN
                : ForkStatistics.compare(baseMs.get(), otherMs.get(), confidence);
        OptionalInt forksToDecide =
                baseScore == null || otherScore == null || verdict == Verdict.FASTER || verdict == Verdict.SLOWER
                        ? OptionalInt.empty()
                        : ForkStatistics.forksToDecide(baseMs.get(), otherMs.get(), confidence);
        return new Comparison.Row(
                contender,
                step,
                METRIC,
                base.label(),
                baseScore == null ? Double.NaN : baseScore.score(),
                baseScore == null ? null : baseScore.scoreError(),
                otherScore == null ? Double.NaN : otherScore.score(),
                otherScore == null ? null : otherScore.scoreError(),
                verdict,
                forksToDecide,
                base.unrecovered().orElse(null),
                other.unrecovered().orElse(null));
    }

    /** Each fork's time to recover in ms; empty when some fork has none. */
    private static Optional<List<Double>> millis(StepFaults.Slot slot) {
        return slot.timesToRecoverSec()
                .map(seconds -> seconds.stream().map(sec -> sec * 1000).toList());
    }
}
