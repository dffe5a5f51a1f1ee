package io.rtbench.core.engine;

import io.rtbench.core.Bounds;
import io.rtbench.core.result.Scenario;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What the engine runs: the steps, an optional prefill that the first step's generators write before its warmup, and
 * where the result goes.
 *
 * @param scenario the resolved settings, secrets removed, as the result file shows them
 * @param resultFile where the result (and each step's {@code .hlog} beside it) is written after every step; null for
 *     none
 * @param prefillEvents events the first step's generators write before its warmup, as fast as possible, unmeasured (as
 *     RockBench's seeding); 0 for none
 * @param prefillBatchSize events per send burst of the prefill
 * @param docSizeBytes the document size, to turn a rate in bytes into events per second
 * @param steps the steps, in order (see {@link StepSource})
 * @param repetitions forks × iterations ({@link Repetitions#NONE}: one fork of one iteration)
 */
public record RunPlan(
        Scenario scenario,
        Path resultFile,
        long prefillEvents,
        int prefillBatchSize,
        int docSizeBytes,
        StepSource steps,
        Repetitions repetitions) {

    public RunPlan {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(steps, "steps");
        Objects.requireNonNull(repetitions, "repetitions");
        Bounds.atLeast("--prefill", 0, prefillEvents);
    }

    /** A run of one fork of one iteration per step. */
    public RunPlan(
            Scenario scenario,
            Path resultFile,
            long prefillEvents,
            int prefillBatchSize,
            int docSizeBytes,
            StepSource steps) {
        this(scenario, resultFile, prefillEvents, prefillBatchSize, docSizeBytes, steps, Repetitions.NONE);
    }

    /** {@code <result name>.step-<n>.hlog}, beside the result file; null without a result file. */
    public String histogramLogName(int step) {
        return resultFile == null ? null : stem() + ".step-" + step + ".hlog";
    }

    /** {@code <result name>.step-<n>.fork-<f>.iteration-<i>.hlog}, beside the result file; null without one. */
    public String iterationLogName(int step, int fork, int iteration) {
        return resultFile == null
                ? null
                : stem() + ".step-" + step + ".fork-" + fork + ".iteration-" + iteration + ".hlog";
    }

    private String stem() {
        String name = resultFile.getFileName().toString();
        return name.toLowerCase(java.util.Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }
}
