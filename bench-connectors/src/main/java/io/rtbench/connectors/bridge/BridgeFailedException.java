package io.rtbench.connectors.bridge;

/** The bridge stopped because the target could not take a batch within the retry timeout. Nothing was committed. */
public final class BridgeFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    BridgeFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
