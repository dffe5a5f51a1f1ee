package io.rtbench.report;

import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import java.util.List;

/**
 * One result file as the report shows it.
 *
 * @param source the result file's name as the reader knows it (file name, or parent/name when names repeat)
 * @param label the short name of the run in legends and headings
 * @param notes what the reader must know about how this run was put together (e.g. hosts merged), shown with it
 */
record ReportedRun(String source, String label, RunResult result, List<ReportedStep> steps, List<String> notes) {

    ReportedRun {
        steps = List.copyOf(steps);
        notes = List.copyOf(notes);
    }

    ReportedRun(String source, String label, RunResult result, List<ReportedStep> steps) {
        this(source, label, result, steps, List.of());
    }

    Scenario scenario() {
        return result.scenario();
    }

    String target() {
        return scenario().target();
    }

    boolean complete() {
        return !Boolean.FALSE.equals(result.complete());
    }

    /**
     * {@code rtbench dml}'s statements: every step is a table of statements, none has data latency, so the
     * charts of a pipeline's data latency have nothing to show for it.
     */
    boolean statementsOnly() {
        return !steps.isEmpty()
                && steps.stream()
                        .allMatch(step -> !StatementRows.rows(step.step()).isEmpty());
    }
}
