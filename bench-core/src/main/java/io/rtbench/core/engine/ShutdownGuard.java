package io.rtbench.core.engine;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one Ctrl-C path: while installed, a JVM shutdown (Ctrl-C, SIGTERM) sets the run's stop flag and holds the exit
 * until the run has written its result and stopped what it started, or until {@code maxWait} has passed. Closing the
 * guard releases a waiting shutdown and removes the hook; a run closes it last, after everything else, also when it
 * failed to start, so a shutdown never waits for a run that is already over.
 */
final class ShutdownGuard implements AutoCloseable {

    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;

    private ShutdownGuard(AtomicBoolean stop, Duration maxWait) {
        this.hook = new Thread(
                () -> {
                    stop.set(true);
                    try {
                        finished.await(maxWait.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "rtbench-shutdown");
    }

    static ShutdownGuard install(AtomicBoolean stop, Duration maxWait) {
        ShutdownGuard guard = new ShutdownGuard(stop, maxWait);
        Runtime.getRuntime().addShutdownHook(guard.hook);
        return guard;
    }

    @Override
    public void close() {
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running (Ctrl-C) and has just been released
        }
    }
}
