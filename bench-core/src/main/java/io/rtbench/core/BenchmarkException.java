package io.rtbench.core;

/**
 * A failure the user must see as one line and can act on: a server that cannot be reached, a stage that stopped, a
 * run that cannot go on. The message says what failed, where, and what to check; it never holds credentials. The
 * command line turns it into that line and exit code 1 (docs/GUIDE.md, "Commands").
 */
public class BenchmarkException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public BenchmarkException(String message) {
        super(message);
    }

    public BenchmarkException(String message, Throwable cause) {
        super(message, cause);
    }
}
