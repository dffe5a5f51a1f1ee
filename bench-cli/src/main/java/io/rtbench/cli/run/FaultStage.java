package io.rtbench.cli.run;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.rtbench.core.DaemonThreads;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.fault.FaultKind;
import io.rtbench.core.fault.Pausable;
import io.rtbench.core.fault.Recovery;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.EpochClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * {@code run --fault} as a stage (docs/MEASUREMENT.md, "Freshness under faults"): each fault of kind
 * {@code target-pause} stops the database's processes AT into every measured phase and continues them FOR later, on a
 * timer of its own; after the phase, the step gets each fault's window and what it did to freshness and the backlog
 * ({@link Recovery}). A fault that did not take effect fails the run with one line. Whatever ends the run (its end, a
 * failure, Ctrl-C, the JVM's exit), the database is continued: at the phase's end, at the stage's close, and by a
 * shutdown hook while this stage is open.
 */
final class FaultStage implements Stage {

    /** Prometheus {@code rtbench_fault_active{target, kind}}: 1 while a fault is on, else 0. */
    static final String FAULT_ACTIVE = "rtbench.fault.active";

    private final List<Fault> faults;
    private final Pausable process;
    private final Supplier<List<Recovery.Point>> data;
    private final Supplier<List<Recovery.Point>> backlog;
    private final Integer fork;
    private final EpochClock clock;
    private final LongSupplier nanoTime;
    private final AtomicInteger active = new AtomicInteger();
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-fault"));
    private final Thread resumeAtExit;
    /** The faults of the current measured phase that took effect, in order; guarded by this. */
    private final List<Window> applied = new ArrayList<>();

    private final List<ScheduledFuture<?>> pending = new ArrayList<>();
    private long phaseStartMicros;
    private long phaseEndMicros;
    /** Whether the measured phase is over: a pause due now must not begin; guarded by this. */
    private boolean over = true;

    private volatile String failure;
    /** The fault on now, for the status line; null while none is. */
    private volatile Fault on;

    /** A fault's window as applied; {@code endMicros} is 0 while it is on. */
    private static final class Window {
        final Fault fault;
        final long startMicros;
        long endMicros;

        Window(Fault fault, long startMicros) {
            this.fault = fault;
            this.startMicros = startMicros;
        }
    }

    /**
     * @param data the probes' data samples of the measured phase, with their times
     * @param backlog the sink's backlog readings of the measured phase; empty without a sink
     * @param fork the fork, in a run of several; null otherwise
     */
    FaultStage(
            List<Fault> faults,
            Pausable process,
            Supplier<List<Recovery.Point>> data,
            Supplier<List<Recovery.Point>> backlog,
            Integer fork,
            MeterRegistry registry,
            String target) {
        this(faults, process, data, backlog, fork, EpochClock.SYSTEM, System::nanoTime);
        Gauge.builder(FAULT_ACTIVE, active, AtomicInteger::get)
                .description("1 while a fault of --fault is on, else 0")
                .tags("target", target, "kind", FaultKind.TARGET_PAUSE.cliName())
                .register(registry);
    }

    FaultStage(
            List<Fault> faults,
            Pausable process,
            Supplier<List<Recovery.Point>> data,
            Supplier<List<Recovery.Point>> backlog,
            Integer fork,
            EpochClock clock,
            LongSupplier nanoTime) {
        this.faults = List.copyOf(faults);
        this.process = process;
        this.data = data;
        this.backlog = backlog;
        this.fork = fork;
        this.clock = clock;
        this.nanoTime = nanoTime;
        this.resumeAtExit = new Thread(process::resume, "rtbench-fault-resume");
        Runtime.getRuntime().addShutdownHook(resumeAtExit);
    }

    @Override
    public String name() {
        return "fault injection";
    }

    /** A measured phase begins: each fault begins AT from its start (and ends FOR after it began, {@link #begin}). */
    @Override
    public synchronized void startPhase(Phase phase) {
        if (!phase.measured()) {
            return;
        }
        long nowNanos = nanoTime.getAsLong();
        phaseStartMicros = clock.epochMicros() + (phase.startNanos() - nowNanos) / 1_000;
        // a measured phase of run always has a length (--duration, or its iterations)
        phaseEndMicros = phaseStartMicros + phase.length().toNanos() / 1_000;
        applied.clear();
        over = false;
        for (Fault fault : faults) {
            long startInNanos = phase.startNanos() + fault.at().toNanos() - nowNanos;
            pending.add(timer.schedule(() -> begin(fault), startInNanos, TimeUnit.NANOSECONDS));
        }
    }

    /**
     * Pauses the process and times its end FOR after the pause began (a timer that woke late shortens no pause); a
     * pause that did not take effect is the run's failure.
     */
    private synchronized void begin(Fault fault) {
        if (over || failure != null) {
            return;
        }
        end(); // the one before, if its timer is late: a fault of a kind after the other (FaultChecks)
        long startNanos = nanoTime.getAsLong();
        long startMicros = clock.epochMicros();
        try {
            process.pause();
            Window window = new Window(fault, startMicros);
            applied.add(window);
            active.set(1);
            on = fault;
            long endInNanos = startNanos + fault.length().toNanos() - nanoTime.getAsLong();
            pending.add(timer.schedule(() -> end(window), endInNanos, TimeUnit.NANOSECONDS));
        } catch (RuntimeException e) {
            failure = fault + " did not take effect: " + e.getMessage();
        }
    }

    /** Continues the process, if a fault is on, and notes when. */
    private synchronized void end() {
        if (!applied.isEmpty()) {
            end(applied.get(applied.size() - 1));
        }
    }

    /** Ends {@code window}, unless it has ended already. */
    private synchronized void end(Window window) {
        if (window.endMicros != 0) {
            return;
        }
        process.resume();
        window.endMicros = clock.epochMicros();
        active.set(0);
        on = null;
    }

    /** The phase is over, on time or early: what is still due is not done, and a fault still on ends now. */
    @Override
    public void endPhase(Phase phase) {
        if (!phase.measured()) {
            return;
        }
        synchronized (this) {
            over = true;
            pending.forEach(task -> task.cancel(false));
            pending.clear();
            phaseEndMicros = Math.min(phaseEndMicros, clock.epochMicros()); // ended early: no window past its end
        }
        end();
    }

    @Override
    public String status(Map<String, Histogram> intervals) {
        Fault now = on;
        return now == null ? "" : "FAULT " + now + " on";
    }

    @Override
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /** Each fault that took effect: its window, and what it did ({@link Recovery}). */
    @Override
    public synchronized void finishStep(StepResult.Builder step) {
        List<Recovery.Point> samples = data.get();
        List<Recovery.Point> readings = backlog.get();
        List<StepFault> figures = new ArrayList<>();
        for (Window window : applied) {
            Recovery.Span span =
                    new Recovery.Span(phaseStartMicros, window.startMicros, window.endMicros, phaseEndMicros);
            figures.add(stepFault(window, Recovery.measure(span, samples, readings)));
        }
        step.faults(figures);
    }

    private StepFault stepFault(Window window, Recovery.Figures figures) {
        return new StepFault(
                window.fault.toString(),
                fork,
                (window.startMicros - phaseStartMicros) / 1e6,
                (window.endMicros - phaseStartMicros) / 1e6,
                window.startMicros / 1_000,
                window.endMicros / 1_000,
                Recovery.WINDOW.toNanos() / 1e9,
                millis(figures.baselineP99Micros()),
                millis(figures.boundMicros()),
                millis(figures.stalenessPeakMicros()),
                figures.recovered(),
                figures.recoveredAtMicros() == null ? null : (figures.recoveredAtMicros() - window.endMicros) / 1e6,
                figures.backlogPeakEvents(),
                figures.drainEventsPerSec());
    }

    private static Double millis(Long micros) {
        return micros == null ? null : micros / 1e3;
    }

    /** Continues the process whatever happened, and stops the timer. Does not throw. */
    @Override
    public void close() {
        synchronized (this) {
            over = true;
        }
        timer.shutdownNow();
        end();
        process.resume();
        try {
            Runtime.getRuntime().removeShutdownHook(resumeAtExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs now and continues the process itself
        }
    }
}
