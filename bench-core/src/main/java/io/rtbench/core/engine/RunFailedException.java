package io.rtbench.core.engine;

import io.rtbench.core.BenchmarkException;

/** A stage failed or the run could not go on; the steps finished before are in the result file. */
public final class RunFailedException extends BenchmarkException {

    private static final long serialVersionUID = 1L;

    public RunFailedException(String message) {
        super(message);
    }
}
