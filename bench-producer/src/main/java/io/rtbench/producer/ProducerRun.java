package io.rtbench.producer;

import io.rtbench.cli.support.StatusLine;
import io.rtbench.core.event.DocSizeStats;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorAnnouncement;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.pacing.Pacer;
import io.rtbench.core.pacing.PacingClock;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.time.EpochClock;
import io.rtbench.producer.sink.KafkaSinkFactory;
import io.rtbench.producer.sink.NullSinkFactory;
import io.rtbench.producer.sink.SinkFactory;
import io.rtbench.producer.sink.TargetSinkFactory;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One producer run: preflight, generator announcements, prefill (unmeasured), the measured phase with a live status,
 * then the result file. Stoppable from another thread (Ctrl-C) through the flag given to {@link #run}: the result is
 * then written with {@code complete: false}.
 */
public final class ProducerRun {

    /** The measured phase starts a little after it is scheduled, so that every generator thread starts on time. */
    private static final long START_LEAD_NANOS = 20_000_000;

    private final ProducerSettings settings;
    private final StatusLine status;
    private final EpochClock clock;
    private final ProducerStats stats = new ProducerStats();
    private final String runId = UUID.randomUUID().toString();

    public ProducerRun(ProducerSettings settings, StatusLine status, EpochClock clock) {
        this.settings = settings;
        this.status = status;
        this.clock = clock;
    }

    public ProducerStats stats() {
        return stats;
    }

    /** Runs to the end of the workload or until {@code stop} is set; returns the result (also written, if asked). */
    public RunResult run(AtomicBoolean stop) {
        Instant startedAt = Instant.now();
        Workload workload = settings.workload();
        try (SinkFactory sinks = openSinks()) {
            List<GeneratorLoop> loops = createGenerators(sinks, stop);
            announce(sinks, loops, false);
            runPhase(loops, sinks, false, 0, Long.MAX_VALUE, stop);
            stats.metrics.reset();

            long startNanos = System.nanoTime() + START_LEAD_NANOS;
            long endNanos = startNanos + workload.duration().toNanos();
            ProducerReport report = new ProducerReport(settings, stats, loops);
            long stoppedNanos;
            try (IntervalLog log = openIntervalLog(startedAt);
                    Ticker ticker = new Ticker(report, status, log, startNanos)) {
                stoppedNanos = runPhase(loops, sinks, true, startNanos, endNanos, stop);
                sinks.flush();
                ticker.tick();
            }
            announce(sinks, loops, true);
            status.finish();
            double seconds = Math.max(1e-9, (stoppedNanos - startNanos) / 1e9);
            RunResult result = RunResult.started(runId, startedAt, environment(sinks), scenario(sinks))
                    .withStep(report.step(seconds, histogramLogName()))
                    .finished(Instant.now(), !stop.get());
            if (settings.resultFile() != null) {
                ResultFiles.write(settings.resultFile(), result);
            }
            return result;
        }
    }

    private SinkFactory openSinks() {
        return switch (settings.sink()) {
            case KAFKA -> {
                KafkaPreflight.prepare(settings.kafka());
                yield new KafkaSinkFactory(settings.kafka(), stats);
            }
            case NULL -> new NullSinkFactory(stats);
            case DIRECT -> new TargetSinkFactory(settings.target(), stats);
        };
    }

    private List<GeneratorLoop> createGenerators(SinkFactory sinks, AtomicBoolean stop) {
        List<GeneratorLoop> loops = new ArrayList<>();
        GeneratorSettings base = settings.generator();
        String host = RunEnvironment.detect().host();
        for (int i = 0; i < settings.workload().generators(); i++) {
            // Seed + index: generators of one run write different contents, and a run stays reproducible.
            GeneratorSettings own = new GeneratorSettings(base.contentSeed() + i, base.docSizeBytes());
            EventGenerator generator = new EventGenerator(own, EventGenerator.randomGeneratorId());
            GeneratorAnnouncement announcement =
                    new GeneratorAnnouncement(generator.generatorId(), topic(), host, runId, clock.epochMicros(), null);
            loops.add(new GeneratorLoop(
                    generator, announcement, sinks.forGenerator(generator.generatorId()), clock, stats, stop));
        }
        return loops;
    }

    /**
     * Tells evaluators about the generators ({@code --generators-from-topic}): once at the start, and once at the end
     * with the number of events each produced, for the audit.
     */
    private void announce(SinkFactory sinks, List<GeneratorLoop> loops, boolean finished) {
        if (sinks instanceof KafkaSinkFactory kafka) {
            for (GeneratorLoop loop : loops) {
                byte[] key = ByteBuffer.allocate(Long.BYTES)
                        .putLong(loop.generatorId())
                        .array();
                GeneratorAnnouncement announcement =
                        finished ? loop.announcement().finished(loop.producedEvents()) : loop.announcement();
                kafka.publish(settings.kafka().announceTopic(), key, announcement.toJson());
            }
            if (finished) {
                sinks.flush();
            }
        }
    }

    private String topic() {
        return settings.kafka() != null ? settings.kafka().topic() : null;
    }

    /**
     * Runs every generator on its own thread until the phase ends; returns when the last one stopped. Measured: paced
     * from {@code startNanos}, each generator phase-shifted so the bursts of several generators interleave. Prefill:
     * unpaced, {@code --prefill} events in all.
     */
    private long runPhase(
            List<GeneratorLoop> loops,
            SinkFactory sinks,
            boolean measured,
            long startNanos,
            long endNanos,
            AtomicBoolean stop) {
        Workload workload = settings.workload();
        long total = measured ? workload.maxEvents() : workload.prefillEvents();
        if (!measured && total == 0) {
            return System.nanoTime();
        }
        int n = loops.size();
        double eventsPerSecond = measured
                ? workload.rate().eventsPerSecond(settings.generator().docSizeBytes()) / n
                : Double.POSITIVE_INFINITY;
        ExecutorService threads = Executors.newFixedThreadPool(n, runnable -> {
            Thread thread = new Thread(runnable, "rtbench-generator");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<Long>> running = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                GeneratorLoop loop = loops.get(i);
                long share = Workload.share(total, n, i);
                if (total > 0 && share == 0) {
                    continue;
                }
                long phaseShiftNanos = Double.isInfinite(eventsPerSecond)
                        ? 0
                        : Math.round(workload.batchSize() * 1e9 / eventsPerSecond * i / n);
                Pacer pacer = new Pacer(
                        PacingClock.SYSTEM, eventsPerSecond, workload.batchSize(), startNanos + phaseShiftNanos);
                running.add(threads.submit(() -> loop.run(pacer, workload.batchSize(), share, endNanos, measured)));
            }
            long longestNanos = 0;
            for (Future<Long> generator : running) {
                longestNanos = Math.max(longestNanos, generator.get());
            }
            if (!measured) {
                sinks.flush();
            }
            return stop.get() ? System.nanoTime() : Math.min(startNanos + longestNanos, endNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.set(true);
            return System.nanoTime();
        } catch (ExecutionException e) {
            stop.set(true);
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        } finally {
            threads.shutdownNow();
        }
    }

    private IntervalLog openIntervalLog(Instant startedAt) {
        Path file = settings.resultFile() == null ? null : histogramLogPath();
        return file == null ? null : new IntervalLog(file, startedAt.toEpochMilli());
    }

    private Path histogramLogPath() {
        Path result = settings.resultFile().toAbsolutePath();
        return result.resolveSibling(histogramLogName());
    }

    private String histogramLogName() {
        if (settings.resultFile() == null) {
            return null;
        }
        String name = settings.resultFile().getFileName().toString();
        return (name.endsWith(".json") ? name.substring(0, name.length() - 5) : name) + ".producer.hlog";
    }

    private RunEnvironment environment(SinkFactory sinks) {
        RunEnvironment environment = RunEnvironment.detect();
        return switch (settings.sink()) {
            case KAFKA -> environment.withKafkaVersion(sinks.version());
            case DIRECT -> environment.withTargetVersion(sinks.version());
            case NULL -> environment;
        };
    }

    private Scenario scenario(SinkFactory sinks) {
        return ProducerReport.scenario(settings, sinks.targetName());
    }

    static DocSizeStats mergedDocSizes(List<GeneratorLoop> loops) {
        DocSizeStats merged = new DocSizeStats();
        loops.forEach(loop -> merged.add(loop.docSizes()));
        return merged;
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

        Ticker(ProducerReport report, StatusLine status, IntervalLog log, long startNanos) {
            this.report = report;
            this.status = status;
            this.log = log;
            long firstDelayNanos = Math.max(0, startNanos - System.nanoTime()) + 1_000_000_000L;
            timer.scheduleAtFixedRate(this::tick, firstDelayNanos, 1_000_000_000L, TimeUnit.NANOSECONDS);
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
