package io.rtbench.core.engine;

import io.rtbench.core.BenchmarkException;

/**
 * The run was stopped by Ctrl-C or SIGTERM ({@link ShutdownGuard}): everything it started is stopped, the finished
 * steps are in the result file, and the command exits with {@link #exitCode()} (130 for Ctrl-C) after the one line of
 * the message (docs/GUIDE.md, "130 after Ctrl-C").
 */
public final class RunInterruptedException extends BenchmarkException {

    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public RunInterruptedException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    /** 128 plus the signal's number, as a shell reports a process the signal ended. */
    public int exitCode() {
        return exitCode;
    }
}
