package io.rtbench.report;

import java.nio.file.Path;
import java.util.List;

/**
 * What a report run wrote.
 *
 * @param charts the charts drawn into the HTML
 * @param notes charts that could not be drawn and why (e.g. a step without its histogram log)
 */
public record WrittenReport(Path html, Path csv, int results, int steps, int charts, List<String> notes) {

    public WrittenReport {
        notes = List.copyOf(notes);
    }
}
