package io.rtbench.servers.daemon;

/**
 * A background server could not be started or stopped. The first line of the message says what and why, in words a
 * command can print as is; further lines may quote the end of the daemon's log.
 */
public class ServerControlException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ServerControlException(String message) {
        super(message);
    }

    public ServerControlException(String message, Throwable cause) {
        super(message, cause);
    }
}
