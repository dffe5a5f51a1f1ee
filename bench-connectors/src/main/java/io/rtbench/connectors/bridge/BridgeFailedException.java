package io.rtbench.connectors.bridge;

import io.rtbench.core.BenchmarkException;

/**
 * The bridge stopped on its own: the broker did not answer (within the connect timeout at start, or for the retry
 * timeout mid-run), or the target could not take a batch within the retry timeout. Offsets of batches the target did
 * not acknowledge were never committed.
 */
public final class BridgeFailedException extends BenchmarkException {

    private static final long serialVersionUID = 1L;

    BridgeFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
