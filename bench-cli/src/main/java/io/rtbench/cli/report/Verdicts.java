package io.rtbench.cli.report;

import io.rtbench.core.result.StepResult;

/** The words for a step's verdicts, the same in the table a run prints and in the HTML report. */
public final class Verdicts {

    private Verdicts() {}

    /**
     * {@code yes}, {@code NO} (capitals: the one word a reader must not miss), {@code -} when the step does not say;
     * "yes, catching up" when the step began more than a second of events behind: the sink kept pace (the backlog
     * shrank) but the latencies describe a catch-up, not the steady state at this rate.
     */
    public static String sustained(StepResult step) {
        if (step.sustained() == null) {
            return "-";
        }
        if (!step.sustained()) {
            return "NO";
        }
        boolean startedBehind = step.backlog() != null
                && step.rate() != null
                && step.backlog().startEvents() > Math.max(1, step.rate().achievedEventsPerSec());
        return startedBehind ? "yes, catching up" : "yes";
    }
}
