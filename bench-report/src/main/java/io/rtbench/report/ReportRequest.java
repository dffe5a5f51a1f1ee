package io.rtbench.report;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@code rtbench report} is asked to do. The outputs default to the first result's path with {@code .html} and
 * {@code .csv} in place of {@code .json}.
 *
 * @param results one or more result files; several are shown side by side
 * @param html the HTML file to write, or null for the default
 * @param csv the CSV file to write, or null for the default
 * @param mergeHosts the results are the hosts of one distributed run: merge them step by step into one
 */
public record ReportRequest(List<Path> results, Path html, Path csv, boolean mergeHosts) {

    public ReportRequest {
        if (results == null || results.isEmpty()) {
            throw new IllegalArgumentException("no result file given");
        }
        if (mergeHosts && results.size() < 2) {
            throw new IllegalArgumentException("--merge needs the results of two or more hosts");
        }
        results = List.copyOf(results);
        html = html != null ? html : sibling(results.get(0), ".html");
        csv = csv != null ? csv : sibling(results.get(0), ".csv");
        if (html.toAbsolutePath().normalize().equals(csv.toAbsolutePath().normalize())) {
            throw new IllegalArgumentException("--html and --csv name the same file " + html);
        }
        for (Path result : results) {
            Path normalized = result.toAbsolutePath().normalize();
            if (normalized.equals(html.toAbsolutePath().normalize())
                    || normalized.equals(csv.toAbsolutePath().normalize())) {
                throw new IllegalArgumentException("the report would overwrite its input " + result);
            }
        }
    }

    /** Results side by side. */
    public ReportRequest(List<Path> results, Path html, Path csv) {
        this(results, html, csv, false);
    }

    /** The result's path with {@code extension} in place of {@code .json} (or added, for another name). */
    static Path sibling(Path result, String extension) {
        String name = result.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return result.resolveSibling(base + extension);
    }
}
