package io.rtbench.core.engine;

import io.rtbench.core.result.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one Ctrl-C path, of the {@link Engine} and of {@code rtbench worker}: while installed, a JVM shutdown (Ctrl-C,
 * SIGTERM) sets the stop flag and holds the exit until the run (or the worker's share) has written what it owes and
 * stopped what it started, or until {@code maxWait} has passed. Closing the guard releases a waiting shutdown and
 * removes the hook; it is closed last, after everything else, also when starting failed, so a shutdown never waits for
 * work that is already over (docs/ARCHITECTURE.md, "The engine and its stages").
 */
public final class ShutdownGuard implements AutoCloseable {

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

    /** Installs the hook: from now on a shutdown sets {@code stop} and waits at most {@code maxWait} for the close. */
    public static ShutdownGuard install(AtomicBoolean stop, Duration maxWait) {
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
