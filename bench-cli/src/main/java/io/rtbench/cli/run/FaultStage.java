package io.rtbench.cli.run;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.rtbench.core.DaemonThreads;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.fault.FaultKind;
import io.rtbench.core.fault.Injection;
import io.rtbench.core.fault.Recovery;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.EpochClock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * {@code run --fault} as a stage (docs/MEASUREMENT.md, "Freshness under faults"): each fault begins AT into every
 * measured phase and ends FOR later, on a timer of its own, through its kind's {@link Injection} ({@code target-pause}
 * stops the database's processes and continues them; {@code target-restart} and {@code broker-restart} stop the server
 * and start it again, the window lasting until it answers; {@code sink-kill} and {@code rebalance} are the sink stage's
 * own, {@link SinkFaults}). After the phase, the step gets each fault's window and what
 * it did to freshness and the backlog ({@link Recovery}). A fault that did not take effect, or whose server did not come
 * back, fails the run with one line. Whatever ends the run (its end, a failure, Ctrl-C), a fault still on is ended: at
 * the phase's end and at the stage's close; at the JVM's exit, a shutdown hook undoes what would outlive rtbench (a
 * pause).
 */
final class FaultStage implements Stage {

    /** Prometheus {@code rtbench_fault_active{target, kind}}: 1 while a fault is on, else 0. */
    static final String FAULT_ACTIVE = "rtbench.fault.active";

    private final List<Fault> faults;
    private final Map<FaultKind, Injection> injections;
    private final Supplier<List<Recovery.Point>> data;
    private final Supplier<List<Recovery.Point>> backlog;
    private final Integer fork;
    private final EpochClock clock = EpochClock.SYSTEM;
    private final LongSupplier nanoTime = System::nanoTime;
    /** Per kind, 1 while a fault of it is on. */
    private final Map<FaultKind, AtomicInteger> active = new EnumMap<>(FaultKind.class);

    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-fault"));
    private final Thread endAtExit;
    /** The faults of the current measured phase that took effect, in order; guarded by this. */
    private final List<Window> applied = new ArrayList<>();

    private final List<ScheduledFuture<?>> pending = new ArrayList<>();
    private long phaseStartMicros;
    private long phaseEndMicros;
    /** Whether the measured phase is over: a pause due now must not begin; guarded by this. */
    private boolean over = true;

    private volatile String failure;
    /** The faults on now, by kind, for the status line (read without the lock, which a restart holds for seconds). */
    private final Map<FaultKind, Fault> on = new ConcurrentHashMap<>();

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
     * @param injections how each kind of {@code faults} is done, one for every kind among them
     * @param data the probes' data samples of the measured phase, with their times
     * @param backlog the sink's backlog readings of the measured phase; empty without a sink
     * @param fork the fork, in a run of several; null otherwise
     */
    FaultStage(
            List<Fault> faults,
            Map<FaultKind, Injection> injections,
            Supplier<List<Recovery.Point>> data,
            Supplier<List<Recovery.Point>> backlog,
            Integer fork,
            MeterRegistry registry,
            String target) {
        this.faults = List.copyOf(faults);
        this.injections = Map.copyOf(injections);
        for (Fault fault : faults) {
            if (!injections.containsKey(fault.kind())) {
                throw new IllegalArgumentException("no way to inject " + fault); // FaultChecks refused it before
            }
            active.putIfAbsent(fault.kind(), new AtomicInteger());
        }
        this.data = data;
        this.backlog = backlog;
        this.fork = fork;
        this.endAtExit =
                new Thread(() -> this.injections.values().forEach(Injection::endAtExit), "rtbench-fault-end-at-exit");
        Runtime.getRuntime().addShutdownHook(endAtExit);
        active.forEach((kind, on) -> Gauge.builder(FAULT_ACTIVE, on, AtomicInteger::get)
                .description("1 while a fault of --fault is on, else 0")
                .tags("target", target, "kind", kind.cliName())
                .register(registry));
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
     * Begins the fault and times its end FOR after it began (a timer that woke late shortens no fault; a restart's
     * server is started again FOR after its stop began); a fault that did not take effect is the run's failure.
     */
    private synchronized void begin(Fault fault) {
        if (over || failure != null) {
            return;
        }
        endAll(fault.kind()); // the one before, if its timer is late: a fault of a kind after the other (FaultChecks)
        long startNanos = nanoTime.getAsLong();
        long startMicros = clock.epochMicros();
        try {
            injections.get(fault.kind()).begin();
        } catch (RuntimeException e) {
            failure = fault + " did not take effect: " + e.getMessage();
            return;
        }
        Window window = new Window(fault, startMicros);
        applied.add(window);
        active.get(fault.kind()).set(1);
        on.put(fault.kind(), fault);
        long endInNanos = startNanos + fault.length().toNanos() - nanoTime.getAsLong();
        pending.add(timer.schedule(() -> end(window), endInNanos, TimeUnit.NANOSECONDS));
    }

    /** Ends every fault still on, of {@code kind} or of any kind when null, and notes when. */
    private synchronized void endAll(FaultKind kind) {
        for (Window window : List.copyOf(applied)) {
            if (kind == null || window.fault.kind() == kind) {
                end(window);
            }
        }
    }

    /**
     * Ends {@code window}, unless it has ended already: its end is when the part answers again (a restarted server
     * is ready). A part that did not come back is the run's failure; the window then ends at the failure.
     */
    private synchronized void end(Window window) {
        if (window.endMicros != 0) {
            return;
        }
        try {
            injections.get(window.fault.kind()).end();
        } catch (RuntimeException e) {
            if (failure == null) {
                failure = window.fault + " did not end: " + e.getMessage();
            }
        }
        window.endMicros = clock.epochMicros();
        active.get(window.fault.kind()).set(0);
        on.remove(window.fault.kind());
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
        endAll(null);
    }

    @Override
    public String status(Map<String, Histogram> intervals) {
        String now = Arrays.stream(FaultKind.values())
                .map(on::get)
                .filter(fault -> fault != null)
                .map(Fault::toString)
                .collect(Collectors.joining(", "));
        return now.isEmpty() ? "" : "FAULT " + now + " on";
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

    /** Ends every fault still on whatever happened, and stops the timer. Does not throw. */
    @Override
    public void close() {
        synchronized (this) {
            over = true;
        }
        timer.shutdownNow();
        endAll(null);
        injections.values().forEach(Injection::endAtExit); // a pause whose window was never noted
        try {
            Runtime.getRuntime().removeShutdownHook(endAtExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs now and undoes what would outlive rtbench itself
        }
    }
}
