package io.rtbench.servers.connect;

import io.rtbench.core.BenchmarkException;

/**
 * A Kafka Connect REST call failed, or a connector did not reach RUNNING. The message is one line, for the user: a
 * {@link BenchmarkException}, so a command prints it as it is (not as an unexpected failure with its causes).
 */
public final class ConnectRestException extends BenchmarkException {

    private static final long serialVersionUID = 1L;

    public ConnectRestException(String message) {
        super(message);
    }

    public ConnectRestException(String message, Throwable cause) {
        super(message, cause);
    }
}
