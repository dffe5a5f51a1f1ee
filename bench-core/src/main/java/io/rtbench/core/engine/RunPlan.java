package io.rtbench.core.engine;

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
 */
public record RunPlan(
        Scenario scenario,
        Path resultFile,
        long prefillEvents,
        int prefillBatchSize,
        int docSizeBytes,
        StepSource steps) {

    public RunPlan {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(steps, "steps");
        if (prefillEvents < 0) {
            throw new IllegalArgumentException("prefill must be 0 or more, got " + prefillEvents);
        }
    }

    /** {@code <result name>.step-<n>.hlog}, beside the result file; null without a result file. */
    public String histogramLogName(int step) {
        if (resultFile == null) {
            return null;
        }
        String name = resultFile.getFileName().toString();
        String stem =
                name.toLowerCase(java.util.Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return stem + ".step-" + step + ".hlog";
    }
}
