package io.rtbench.report;

import io.rtbench.core.AtomicFiles;
import io.rtbench.core.AtomicFiles.Readers;
import io.rtbench.core.BenchmarkException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns result files into an HTML and a CSV report (docs/GUIDE.md, {@code rtbench report}); also what quickstart and
 * the runner call to write the report of the run they just made.
 */
public final class Reports {

    static {
        // Charts are drawn off-screen; set before any AWT class initializes, so that a DISPLAY is never looked for.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Reports() {}

    /**
     * Reads the results and writes both files, each atomically.
     *
     * @throws BenchmarkException when a result cannot be read or an output cannot be written (one line, exit 1)
     */
    public static WrittenReport write(ReportRequest request) {
        return write(request, InstantSource.system());
    }

    static WrittenReport write(ReportRequest request, InstantSource clock) {
        List<ReportedRun> runs = new ResultLoader().load(request.results());
        if (request.mergeHosts()) {
            runs = List.of(HostMerge.merge(runs));
        }
        String csv = CsvReport.render(runs);
        HtmlReport.Rendered html = new HtmlReport(clock).render(runs);
        writeAtomically(request.csv(), csv);
        writeAtomically(request.html(), html.html());
        int steps = runs.stream().mapToInt(run -> run.steps().size()).sum();
        int charts = 0;
        // a figure shown in two sections (the target's CPU beside reads and beside data latency) is one note
        Set<String> notes = new LinkedHashSet<>();
        for (Figure figure : html.figures()) {
            if (figure.drawn()) {
                charts++;
            } else {
                notes.add(figure.title() + ": " + figure.note());
            }
        }
        return new WrittenReport(request.html(), request.csv(), runs.size(), steps, charts, List.copyOf(notes));
    }

    /** Writes next to the file, then renames: a reader never sees half a report, a failed write leaves the old one. */
    static void writeAtomically(Path file, String text) {
        try {
            AtomicFiles.writeString(file, Readers.ALL, text);
        } catch (IOException e) {
            throw new BenchmarkException("cannot write " + file + ": " + ResultLoader.firstLine(e.toString()), e);
        }
    }
}
