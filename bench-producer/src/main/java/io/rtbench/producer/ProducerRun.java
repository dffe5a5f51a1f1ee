package io.rtbench.producer;

import io.rtbench.cli.support.StatusLine;
import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.time.EpochClock;
import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code rtbench produce}: one step of generators with a prefill and a warmup (both unmeasured) and a measured phase with a live status,
 * then the result file. Stoppable from another thread (Ctrl-C) through the flag given to {@link #run}: the result is
 * then written with {@code complete: false}.
 */
public final class ProducerRun {

    private final ProducerSettings settings;
    private final StatusLine status;
    private final EpochClock clock;
    private final String runId = UUID.randomUUID().toString();
    private ProducerStats stats;
    private PhaseOutcome measured;

    public ProducerRun(ProducerSettings settings, StatusLine status, EpochClock clock) {
        this.settings = settings;
        this.status = status;
        this.clock = clock;
    }

    /** The counters of the run; available once {@link #run} has opened the destination. */
    public ProducerStats stats() {
        return stats;
    }

    /** How the measured phase went (on schedule or behind it); available once {@link #run} has returned. */
    public PhaseOutcome measuredPhase() {
        return measured;
    }

    /** Runs to the end of the workload or until {@code stop} is set; returns the result (also written, if asked). */
    public RunResult run(AtomicBoolean stop) {
        Instant startedAt = Instant.now();
        Workload workload = settings.workload();
        try (ProducerSession session = new ProducerSession(settings, clock, runId)) {
            stats = session.stats();
            ProducerStep step = session.newStep(workload.generators());
            step.prefill(workload.prefillEvents(), workload.batchSize(), stop);
            if (!workload.warmup().isZero()) {
                step.run(workload.rate(), workload.batchSize(), workload.warmup(), 0, false, stop);
            }
            stats.reset();

            ProducerReport report = new ProducerReport(settings, stats);
            try (IntervalLog log = intervalLog(startedAt);
                    Ticker ticker = new Ticker(report, status, log)) {
                measured = step.run(
                        workload.rate(), workload.batchSize(), workload.duration(), workload.maxEvents(), true, stop);
                session.finish(step);
                ticker.tick();
            }
            status.finish();
            RunResult result = RunResult.started(runId, startedAt, environment(session), report.scenario(session))
                    .withStep(report.step(measured, step.docSizes(), histogramLogName()))
                    .finished(Instant.now(), !stop.get() && !stats.hasFailed());
            if (settings.resultFile() != null) {
                ResultFiles.write(settings.resultFile(), result);
            }
            return result;
        }
    }

    private IntervalLog intervalLog(Instant startedAt) {
        if (settings.resultFile() == null) {
            return null;
        }
        Path file = settings.resultFile().toAbsolutePath().resolveSibling(histogramLogName());
        return new IntervalLog(file, startedAt.toEpochMilli());
    }

    private String histogramLogName() {
        if (settings.resultFile() == null) {
            return null;
        }
        String name = settings.resultFile().getFileName().toString();
        return (name.endsWith(".json") ? name.substring(0, name.length() - 5) : name) + ".producer.hlog";
    }

    private RunEnvironment environment(ProducerSession session) {
        RunEnvironment environment = RunEnvironment.detect();
        return switch (settings.sink()) {
            case KAFKA -> environment.withKafkaVersion(session.version());
            case DIRECT -> environment.withTargetVersion(session.version());
            case NULL -> environment;
        };
    }

    /** Prints the status and writes the interval log once a second during the measured phase. */
    private static final class Ticker implements AutoCloseable {
        private final ProducerReport report;
        private final StatusLine status;
        private final IntervalLog log;
        private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "rtbench-status");
            thread.setDaemon(true);
            return thread;
        });

        Ticker(ProducerReport report, StatusLine status, IntervalLog log) {
            this.report = report;
            this.status = status;
            this.log = log;
            timer.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
        }

        synchronized void tick() {
            status.update(report.statusLine(log));
        }

        @Override
        public void close() {
            timer.shutdownNow();
        }
    }
}
