package io.rtbench.servers;

import io.rtbench.core.BenchmarkException;

/** A server cannot be had on this machine; the message names what is missing and how to install it. */
public class ServerUnavailableException extends BenchmarkException {

    private static final long serialVersionUID = 1L;

    public ServerUnavailableException(String message) {
        super(message);
    }

    public ServerUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
