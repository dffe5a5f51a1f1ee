package io.rtbench.core.fault;

/**
 * What fault {@code target-pause} acts on: a process this host runs for rtbench (docs/MEASUREMENT.md, "Freshness under
 * faults"). Implemented by bench-servers for the database a run started or found through {@code rtbench servers}.
 */
public interface Pausable {

    /**
     * Stops the process and returns once it is stopped; an {@link IllegalStateException} saying why when it did not take
     * effect (the process is gone, the signal was refused, it did not stop in time). What it stopped before failing is
     * continued again.
     */
    void pause();

    /** Continues what {@link #pause} stopped; does nothing when nothing is stopped. Does not throw. */
    void resume();

    /** The process as a user knows it, for messages: {@code postgres (pid 1234)}. */
    String description();
}
