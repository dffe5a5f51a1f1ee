package io.rtbench.cli.report;

import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import java.util.List;

/**
 * One result file as the report shows it.
 *
 * @param source the result file's name as the reader knows it (file name, or parent/name when names repeat)
 * @param label the short name of the run in legends and headings
 */
record ReportedRun(String source, String label, RunResult result, List<ReportedStep> steps) {

    ReportedRun {
        steps = List.copyOf(steps);
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
