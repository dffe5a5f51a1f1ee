package io.rtbench.cli.support;

/** Bad input found after parsing (e.g. options that contradict each other): exit 2 with the message. */
public class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
