package io.rtbench.cli.support;

/** A run failed for a reason the user can act on (unreachable server, refused write …): exit 1 with the message. */
public class FailureException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public FailureException(String message) {
        super(message);
    }

    public FailureException(String message, Throwable cause) {
        super(message, cause);
    }
}
