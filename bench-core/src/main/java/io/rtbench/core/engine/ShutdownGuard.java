package io.rtbench.core.engine;

import io.rtbench.core.result.RunResult;
import java.nio.file.Path;
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

    /**
     * What a run stopped early says, before its guard is closed: a Ctrl-C's JVM exits as soon as the hook returns, and
     * the command's own table and lines after the run may not make it out.
     */
    static String stoppedNote(RunResult result, Path resultFile) {
        int steps = result.steps().size();
        String finished = steps == 0 ? "before a step finished" : "after " + steps + (steps == 1 ? " step" : " steps");
        return "stopped (Ctrl-C or SIGTERM) " + finished
                + (resultFile == null ? "" : "; result (complete: false): " + resultFile.toAbsolutePath());
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
