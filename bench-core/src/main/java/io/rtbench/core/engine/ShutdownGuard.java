package io.rtbench.core.engine;

import io.rtbench.core.result.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

/**
 * The one Ctrl-C path, of the {@link Engine} and of {@code rtbench worker} (docs/ARCHITECTURE.md, "The engine and its
 * stages"). While installed, Ctrl-C (SIGINT) and SIGTERM set the stop flag and nothing else: the JVM does not begin
 * to shut down, so the run's own thread ends what it is doing, writes what it owes, stops what it started and returns
 * the signal's exit code ({@link #signalExitCode()}; 130 for Ctrl-C). A JVM shutdown would instead run beside the
 * run: a server starting then fails with "Shutdown in progress" and leaves its files behind, and the run's last lines
 * are cut off when the hooks return.
 *
 * <p>What does not see the run's stop flag, a server's readiness poll, asks {@link #stopRequested()}. If the run has
 * not ended {@code maxWait} after the signal, the JVM exits anyway; a second Ctrl-C exits at once. Any other shutdown
 * (SIGHUP, {@code System.exit} elsewhere) sets the flag and waits at most {@code maxWait} for the close, as a shutdown
 * hook. Closing the guard releases all of them; it is closed last, after everything else, also when starting failed.
 * The signal handler is the JVM's from the first guard on: it hands a signal to every guard installed (runs of one
 * test JVM), and with none it exits as the JVM's own handler does.
 */
public final class ShutdownGuard implements AutoCloseable {

    private static final int SIGNAL_EXIT_BASE = 128;
    private static final String[] SIGNALS = {"INT", "TERM"};
    private static final Set<ShutdownGuard> INSTALLED = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HANDLING = new AtomicBoolean();

    private final AtomicBoolean stop;
    private final Duration maxWait;
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;
    private Signal received;

    private ShutdownGuard(AtomicBoolean stop, Duration maxWait) {
        this.stop = stop;
        this.maxWait = maxWait;
        this.hook = new Thread(
                () -> {
                    stop.set(true);
                    if (signalExitCode().isEmpty()) {
                        awaitClose();
                    }
                },
                "rtbench-shutdown");
    }

    /** Installs the guard: from now on Ctrl-C and SIGTERM set {@code stop}; the run has {@code maxWait} to end. */
    public static ShutdownGuard install(AtomicBoolean stop, Duration maxWait) {
        ShutdownGuard guard = new ShutdownGuard(stop, maxWait);
        Runtime.getRuntime().addShutdownHook(guard.hook);
        INSTALLED.add(guard);
        if (HANDLING.compareAndSet(false, true)) {
            for (String signal : SIGNALS) {
                handle(new Signal(signal));
            }
        }
        return guard;
    }

    private static void handle(Signal signal) {
        try {
            Signal.handle(signal, ShutdownGuard::dispatch);
        } catch (IllegalArgumentException ignored) {
            // the signal is ignored (a background job of a shell without job control): it cannot stop the run
        }
    }

    private static void dispatch(Signal signal) {
        if (INSTALLED.isEmpty()) {
            Runtime.getRuntime().exit(SIGNAL_EXIT_BASE + signal.getNumber()); // what the JVM's own handler does
        }
        INSTALLED.forEach(guard -> guard.onSignal(signal));
    }

    /**
     * True once Ctrl-C or SIGTERM stopped a run of this JVM that is still ending: a wait that cannot see the run's stop
     * flag (a server's readiness, while the run starts its servers) ends on it instead of at its own timeout.
     */
    public static boolean stopRequested() {
        return INSTALLED.stream().anyMatch(guard -> guard.signalExitCode().isPresent());
    }

    private void onSignal(Signal signal) {
        boolean first;
        synchronized (this) {
            first = received == null;
            if (first) {
                received = signal;
                stop.set(true);
            }
        }
        if (!first) {
            Runtime.getRuntime().exit(SIGNAL_EXIT_BASE + signal.getNumber()); // a second Ctrl-C: at once
            return;
        }
        Thread watchdog = new Thread(
                () -> {
                    if (!awaitClose()) {
                        Runtime.getRuntime().exit(SIGNAL_EXIT_BASE + signal.getNumber());
                    }
                },
                "rtbench-shutdown-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private boolean awaitClose() {
        try {
            return finished.await(maxWait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The exit code of the signal that stopped the run (130 for Ctrl-C, 143 for SIGTERM); empty if none came. */
    public synchronized OptionalInt signalExitCode() {
        return received == null ? OptionalInt.empty() : OptionalInt.of(SIGNAL_EXIT_BASE + received.getNumber());
    }

    /** {@code Ctrl-C} or {@code SIGTERM}: what stopped the run, as the user knows it. */
    synchronized String signalName() {
        return received == null || received.getName().equals("INT") ? "Ctrl-C" : "SIG" + received.getName();
    }

    /** What a run stopped early says: where it was and what it wrote. */
    static String stoppedNote(String how, RunResult result, Path resultFile) {
        int steps = result.steps().size();
        String finished = steps == 0 ? "before a step finished" : "after " + steps + (steps == 1 ? " step" : " steps");
        return "stopped (" + how + ") " + finished
                + (resultFile == null
                        ? ""
                        : "; result (complete: " + result.complete() + "): " + resultFile.toAbsolutePath());
    }

    @Override
    public void close() {
        INSTALLED.remove(this);
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running and has just been released
        }
    }
}
