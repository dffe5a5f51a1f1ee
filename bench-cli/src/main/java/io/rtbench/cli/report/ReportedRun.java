package io.rtbench.cli.report;

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
}
