package io.rtbench.core.target;

import io.rtbench.core.BenchmarkException;

/**
 * A target could not do what was asked. The message is one line a user can act on (what failed, where, and what to
 * check); it never contains credentials.
 */
public class TargetException extends BenchmarkException {

    private static final long serialVersionUID = 1L;

    public TargetException(String message) {
        super(message);
    }

    public TargetException(String message, Throwable cause) {
        super(message, cause);
    }
}
