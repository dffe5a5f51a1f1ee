package io.rtbench.cli.run;

import io.rtbench.core.engine.Step;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.RunResult.Peak;
import io.rtbench.core.result.StepResult;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

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
        for (; recorded < finished.size(); recorded++) {
            search.record(Boolean.TRUE.equals(finished.get(recorded).sustained()));
        }
        Rate rate = search.next();
        return rate == null
                ? Optional.empty()
                : Optional.of(RunLauncher.step(
                        spec, finished.size() + 1, rate, spec.batchSizes().get(0)));
    }

    /** The highest sustained step's achieved rate is the peak; none when no step was sustained. */
    @Override
    public RunResult conclude(RunResult result) {
        return result.steps().stream()
                .filter(step -> Boolean.TRUE.equals(step.sustained()) && step.rate() != null)
                .max(Comparator.comparingDouble(step -> step.rate().achievedEventsPerSec()))
                .map(best -> result.withPeak(
                        new Peak(best.rate().achievedEventsPerSec(), best.rate().achievedBytesPerSec(), criterion)))
                .orElse(result);
    }
}
