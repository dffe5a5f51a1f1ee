package io.rtbench.servers.local;

import io.rtbench.core.engine.ShutdownGuard;
import java.time.Duration;
import java.util.concurrent.Callable;

/** Waits until a server answers a client, the only sign of readiness that counts. */
public final class Readiness {

    private static final long POLL_INTERVAL_MS = 100;

    private Readiness() {}

    /**
     * Calls {@code probe} until it returns true.
     *
     * @throws IllegalStateException after {@code timeout}, with the last probe failure as the cause
     */
    public static void await(String what, Duration timeout, Callable<Boolean> probe) {
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        Exception lastFailure = null;
        while (true) {
            try {
                if (probe.call()) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            } catch (Exception e) {
                lastFailure = e;
            }
            if (ShutdownGuard.stopRequested()) {
                // Ctrl-C while a run starts its servers: ended now, not at the timeout (the caller stops the server)
                throw new IllegalStateException("stopped while waiting for " + what);
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new IllegalStateException(
                        what + " did not answer within " + timeout.toSeconds() + " s"
                                + (lastFailure == null ? "" : ": " + lastFailure.getMessage()),
                        lastFailure);
            }
            try {
                Thread.sleep(POLL_INTERVAL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
        }
    }
}
