package io.rtbench.cli.run;

import io.rtbench.core.engine.RanOut;
import io.rtbench.core.engine.Step;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.engine.Sustained;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.RunResult.Peak;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.StepRate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.IntStream;

/** {@code rtbench peak}'s steps: each rate chosen by the {@link PeakSearch} from whether the previous one was sustained. */
final class PeakSteps implements StepSource {

    private final RunSpec spec;
    private final PeakSearch search;
    private final String criterion;
    private int recorded;

    PeakSteps(RunSpec spec, PeakSearch search, String criterion) {
        this.spec = spec;
        this.search = search;
        this.criterion = criterion;
    }

    @Override
    public Optional<Step> next(List<StepResult> finished) {
        record(finished);
        Rate rate = search.next();
        return rate == null
                ? Optional.empty()
                : Optional.of(RunLauncher.step(
                        spec, finished.size() + 1, rate, spec.batchSizes().get(0)));
    }

    /** Tells the search whether each step it has not heard of yet was sustained. */
    private void record(List<StepResult> finished) {
        for (; recorded < finished.size(); recorded++) {
            search.record(Boolean.TRUE.equals(finished.get(recorded).sustained()));
        }
    }

    /**
     * The highest sustained step's achieved rate is the peak; none when no step was sustained. Beside it, the lowest
     * rate above it that was not sustained, and why, and whether the two came within the precision.
     */
    @Override
    public RunResult conclude(RunResult result) {
        List<StepResult> steps = result.steps();
        record(steps);
        OptionalInt best = IntStream.range(0, steps.size())
                .filter(i -> Boolean.TRUE.equals(steps.get(i).sustained())
                        && steps.get(i).rate() != null)
                .reduce((a, b) -> steps.get(b).rate().achievedEventsPerSec()
                                > steps.get(a).rate().achievedEventsPerSec()
                        ? b
                        : a);
        if (best.isEmpty()) {
            return result;
        }
        StepRate peak = steps.get(best.getAsInt()).rate();
        return result.withPeak(new Peak(
                peak.achievedEventsPerSec(),
                peak.achievedBytesPerSec(),
                criterion,
                best.getAsInt() + 1,
                notSustainedAbove(steps, peak.targetEventsPerSec()),
                search.withinPrecision()));
    }

    /**
     * The lowest target rate above {@code peakTarget} that a step did not sustain: its last try, and why, with what ran
     * out and, when the harness took a large share of the machine, that the peak is the machine's.
     */
    private static Peak.NotSustained notSustainedAbove(List<StepResult> steps, Double peakTarget) {
        if (peakTarget == null) {
            return null;
        }
        StepResult lowest = null;
        for (StepResult step : steps) {
            Double target = step.rate() == null ? null : step.rate().targetEventsPerSec();
            if (Boolean.FALSE.equals(step.sustained())
                    && target != null
                    && target > peakTarget
                    && (lowest == null || target <= lowest.rate().targetEventsPerSec())) {
                lowest = step; // "<=": of several tries of one rate, the last
            }
        }
        if (lowest == null) {
            return null;
        }
        // what ran out, and whether the peak is the machine's rather than the database's (docs/GUIDE.md, "What ran
        // out")
        List<String> reasons = new ArrayList<>(Sustained.reasons(lowest));
        RanOut.machinesPeak(lowest).ifPresent(reasons::add);
        return new Peak.NotSustained(lowest.rate().targetEventsPerSec(), reasons);
    }
}
