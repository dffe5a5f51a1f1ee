package io.rtbench.servers.junit;

/**
 * Where a test class goes in the order the suite starts them ({@code @Order}, docs/TESTING.md). The suite runs classes
 * in parallel; one long class started last would leave the others idle while it ends the run, so the long ones start
 * first and the short ones fill in beside them.
 */
public final class SuiteOrder {

    /**
     * A class that takes two minutes or more on the machine of docs/TESTING.md, which lists them: started before the
     * {@link #LONG} ones. The suite's worker threads take classes from the front of the order, one of them from the
     * back, so the longest go first and the short ones fill the end.
     */
    public static final int LONGEST = 1;

    /** A class that takes most of a minute or more there. */
    public static final int LONG = 2;

    private SuiteOrder() {}
}
