package io.rtbench.core.fault;

/**
 * One kind of fault as the run does it to its part (docs/MEASUREMENT.md, "Freshness under faults"): begun at the
 * window's start, ended at its end.
 */
public interface Injection {

    /**
     * Returns once the fault is in effect; an {@link IllegalStateException} saying why when it did not take effect
     * (what it did before failing is undone where it can be).
     */
    void begin();

    /**
     * Ends the fault and returns once the part answers again; does nothing when no fault is on. An
     * {@link IllegalStateException} saying why when the part did not come back.
     */
    void end();

    /**
     * What must be undone when the JVM exits with the fault on (a second Ctrl-C), from a shutdown hook: only what would
     * outlive rtbench, quickly. Nothing by default. Does not throw.
     */
    default void endAtExit() {}

    /** What the fault acts on, for messages. */
    String description();

    /** Fault {@code target-pause}: the process paused, continued at the end, and at the JVM's exit. */
    static Injection pause(Pausable process) {
        return new Injection() {
            @Override
            public void begin() {
                process.pause();
            }

            @Override
            public void end() {
                process.resume();
            }

            @Override
            public void endAtExit() {
                process.resume();
            }

            @Override
            public String description() {
                return process.description();
            }
        };
    }

    /**
     * The restarts: the server stopped, started again at the end. Not at the JVM's exit: a server the run started stops
     * with it.
     */
    static Injection restart(Restartable server) {
        return new Injection() {
            @Override
            public void begin() {
                server.stop();
            }

            @Override
            public void end() {
                server.start();
            }

            @Override
            public String description() {
                return server.description();
            }
        };
    }
}
