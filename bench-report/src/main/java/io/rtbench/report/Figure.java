package io.rtbench.report;

/**
 * One chart of the report: a title, and the chart as a PNG {@code data:} URI, or a note saying why there is no chart.
 *
 * @param pngDataUri null when the chart could not be drawn; {@link #note} says why
 * @param note shown under the chart (or in its place), null when there is nothing to say
 */
record Figure(String title, String pngDataUri, String note) {

    static Figure missing(String title, String why) {
        return new Figure(title, null, why);
    }

    boolean drawn() {
        return pngDataUri != null;
    }
}
