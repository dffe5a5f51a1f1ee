package io.rtbench.core.engine;

import java.io.PrintStream;

/**
 * The live one-line status of long work: rewritten in place on a terminal, one plain line per update otherwise (logs,
 * CI), so the output stays readable in both.
 */
public final class StatusLine {

    private final PrintStream out;
    private final boolean terminal;
    private int lastLength;
    private String last = "";

    public StatusLine(PrintStream out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    /** Status on stdout, rewritten in place when stdout is a terminal. */
    public static StatusLine onStdout() {
        return new StatusLine(System.out, System.console() != null);
    }

    public synchronized void update(String line) {
        last = line;
        if (terminal) {
            out.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
            lastLength = line.length();
        } else {
            out.println(line);
        }
        out.flush();
    }

    /** The last update ({@code starting Kafka}), e.g. to say what a Ctrl-C stopped; empty before the first. */
    public synchronized String last() {
        return last;
    }

    /** A line that stays: on a terminal it ends the in-place line first, and the next update starts below it. */
    public synchronized void note(String line) {
        finish();
        out.println(line);
        out.flush();
    }

    /** Ends the in-place line so that what follows starts on a fresh line. */
    public synchronized void finish() {
        if (terminal && lastLength > 0) {
            out.println();
            lastLength = 0;
        }
    }
}
