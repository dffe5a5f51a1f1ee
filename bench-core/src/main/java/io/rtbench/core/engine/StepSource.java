package io.rtbench.core.engine;

import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import java.util.List;
import java.util.Optional;

/**
 * Which step comes next: a fixed list ({@code run}, {@code sweep}), or a search that looks at the steps so far
 * ({@code peak}). Also adds the run's own section to the result at the end (the peak, the calibration).
 */
public interface StepSource {

    /** The next step, given the finished ones (in order); empty when the run is done. */
    Optional<Step> next(List<StepResult> finished);

    /** The result with what this kind of run concludes from its steps; called once, after the last step. */
    default RunResult conclude(RunResult result) {
        return result;
    }

    /** The steps in order, then done. */
    static StepSource of(List<Step> steps) {
        List<Step> copy = List.copyOf(steps);
        return finished -> finished.size() < copy.size() ? Optional.of(copy.get(finished.size())) : Optional.empty();
    }
}
