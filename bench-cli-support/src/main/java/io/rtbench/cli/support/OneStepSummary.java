package io.rtbench.cli.support;

import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.BiConsumer;

/**
 * The frame of what a one-step command ({@code produce}, {@code evaluate}) prints when it ends (docs/GUIDE.md): that
 * nothing was measured, or the step's lines followed by where the result file went.
 */
public final class OneStepSummary {

    private OneStepSummary() {}

    /**
     * Prints {@code outcome}'s step through {@code stepLines}, which gets "done" (or "interrupted" when the run was
     * stopped after its step ended) and the step; then the result file, if one was written.
     */
    public static void print(
            RunResult outcome, Path resultFile, PrintWriter out, BiConsumer<String, StepResult> stepLines) {
        if (outcome.steps().isEmpty()) {
            out.println("interrupted before the measured phase ended: nothing to report");
            out.flush();
            return;
        }
        stepLines.accept(
                outcome.complete() ? "done" : "interrupted", outcome.steps().get(0));
        if (resultFile != null) {
            out.println("  result: " + resultFile.toAbsolutePath());
        }
        out.flush();
    }
}
