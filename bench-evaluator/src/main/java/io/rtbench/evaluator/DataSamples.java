package io.rtbench.evaluator;

import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepResult;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a finished step measured data latency at all (docs/GUIDE.md, "Reading the results"): a step whose probes never
 * found an event of their generator measured nothing, whatever its rate and backlog say, and the command that ran it
 * fails (exit 1) rather than reporting "done". {@code evaluate} and every pipeline command share this rule and its words.
 */
public final class DataSamples {

    private DataSamples() {}

    /** @return true when the step holds at least one data-latency sample */
    public static boolean measured(StepResult step) {
        return step.latencyMs().containsKey(Metrics.DATA);
    }

    /**
     * What the probes of a step without a data sample did, when they did anything: e.g. {@code no probe found an event
     * of its generator in opensearch rtbench (1,204 probes failed)}; empty when the step has a sample, or when no probe
     * ran (nothing to probe: the caller knows why).
     *
     * @param where the target's kind and collection, as the user named them
     */
    public static Optional<String> probedInVain(StepResult step, String where) {
        long failed = step.probeErrors() == null ? 0 : step.probeErrors();
        if (measured(step) || (step.probesBeforeVisible() == null && failed == 0)) {
            return Optional.empty();
        }
        return Optional.of("no probe found an event of its generator in " + where
                + (failed > 0 ? String.format(Locale.ROOT, " (%,d probes failed)", failed) : ""));
    }
}
