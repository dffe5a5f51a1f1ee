package io.rtbench.servers.connect;

/** A Kafka Connect REST call failed, or a connector did not reach RUNNING. The message is one line. */
public final class ConnectRestException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ConnectRestException(String message) {
        super(message);
    }

    public ConnectRestException(String message, Throwable cause) {
        super(message, cause);
    }
}
