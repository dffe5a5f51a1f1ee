package io.rtbench.cli.hosts;

import io.rtbench.cli.hosts.HostMessages.Control;
import io.rtbench.cli.hosts.HostMessages.Result;
import io.rtbench.cli.hosts.HostMessages.Share;
import io.rtbench.cli.run.RunSpec;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.DaemonThreads;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.engine.Step;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * The coordinator's side of a run on several hosts, as the stage that stands where the producer and the probe stand
 * in a one-host run (docs/GUIDE.md, "Several hosts"). It announces the run on {@code rtbench.control}, waits for its
 * workers, hands each its share of the generators, and relays every phase of the engine to them; the workers'
 * per-second intervals arrive on {@code rtbench.results} and are added exactly to this stage's recorders, so the
 * engine logs, sums up and reports them as it does a local producer's and probe's. Its work per second is one record
 * per worker, whatever the event rate. A worker silent for {@link WorkerRoster#SILENCE} is the run's failure. The sink is not the
 * workers': the coordinator runs it as a one-host run does (one bridge or connector reading the topic every worker
 * writes), so the audit and the backlog stay where they are.
 */
public final class WorkersStage implements Stage {

    /** How long the run waits for its workers to claim their places and open their stages. */
    static final Duration JOIN_TIMEOUT = Duration.ofSeconds(60);

    /** A live worker that does not finish a phase or a step within this long is a failure, not a hang. */
    private static final Duration REPLY_TIMEOUT = Duration.ofMinutes(3);

    private static final List<String> METRICS = List.of(
            Metrics.PRODUCE_ACK,
            Metrics.SCHEDULE_DELAY,
            Metrics.SINK_WRITE,
            Metrics.DATA,
            Metrics.DATA_AT_REQUEST,
            Metrics.QUERY);

    private final String run = UUID.randomUUID().toString();
    private final int wanted;
    private final int generators;
    private final HostChannel<Control, Result> channel;
    private final WorkerRoster workers = new WorkerRoster();
    private final List<String> claims = new CopyOnWriteArrayList<>();
    /** The process that claimed each id first ({@link HostMessages.Result#instance}). */
    private final Map<String, String> claimedBy = new ConcurrentHashMap<>();
    /** An id that two processes claimed before the shares were given out: the run cannot tell their records apart. */
    private volatile String claimedTwice;

    private final Map<String, LatencyRecorder> recorders = new ConcurrentHashMap<>();
    private final List<LatencyRecorder> recorderList = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService beat =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-coordinator-beat"));
    private volatile Step step;
    private volatile String phaseKey;
    private volatile boolean closed;

    /**
     * Announces the run and returns once {@code workers} workers run their shares; fails with one line when fewer join
     * within {@link #JOIN_TIMEOUT} or one cannot open its stages.
     */
    public WorkersStage(
            RunSpec spec, int workers, Map<String, String> kafkaConfig, Duration connectTimeout, Consumer<String> say) {
        this.wanted = workers;
        this.generators = spec.pacing().generators();
        METRICS.forEach(this::recorder);
        HostTopics.ensure(spec.kafka().bootstrapServers(), kafkaConfig, connectTimeout);
        this.channel = new HostChannel<>(
                spec.kafka().bootstrapServers(),
                kafkaConfig,
                HostTopics.CONTROL,
                HostTopics.RESULTS,
                Result.class,
                this::onResult,
                "rtbench-coordinator-results");
        try {
            WorkerSpec scenario = WorkerSpec.of(spec);
            beat.scheduleAtFixedRate(() -> beat(scenario), 0, 1, TimeUnit.SECONDS);
            say.accept("waiting for " + workers + " worker(s) on " + HostTopics.CONTROL + " at "
                    + spec.kafka().bootstrapServers() + " (rtbench worker --bootstrap-servers "
                    + spec.kafka().bootstrapServers() + ")");
            assign(awaitClaims(), scenario);
            this.workers.awaitAll(worker -> worker.ready, JOIN_TIMEOUT, "open their producer and probe");
            Optional<String> failure = failure();
            if (failure.isPresent()) {
                throw new BenchmarkException(failure.get());
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private LatencyRecorder recorder(String metric) {
        return recorders.computeIfAbsent(metric, name -> {
            LatencyRecorder recorder = new LatencyRecorder(name);
            recorderList.add(recorder);
            return recorder;
        });
    }

    private void beat(WorkerSpec scenario) {
        if (closed) {
            return;
        }
        if (!workers.assigned()) {
            channel.send(run, Control.announce(run, hostName(), wanted, scenario));
        } else {
            channel.send(run, Control.of(HostMessages.BEAT, run));
        }
    }

    private List<String> awaitClaims() {
        long deadline = System.nanoTime() + JOIN_TIMEOUT.toNanos();
        while (claims.size() < wanted || claimedTwice != null) {
            if (claimedTwice != null) {
                throw new BenchmarkException("two worker processes claimed a place as " + claimedTwice
                        + ": give each `rtbench worker` its own --id (or none: the default is host and pid)");
            }
            if (System.nanoTime() - deadline > 0) {
                throw new BenchmarkException(String.format(
                        Locale.ROOT,
                        "%d of %d workers joined within %d s%s; start `rtbench worker --bootstrap-servers HOST:PORT`"
                                + " on more hosts (docs/GUIDE.md, \"Several hosts\")",
                        claims.size(),
                        wanted,
                        JOIN_TIMEOUT.toSeconds(),
                        claims.isEmpty() ? "" : " (" + String.join(", ", claims) + ")"));
            }
            WorkerRoster.pause();
        }
        return List.copyOf(claims.subList(0, wanted));
    }

    /** The generators split as evenly as they go; the first workers run one more when they do not divide. */
    private void assign(List<String> chosen, WorkerSpec scenario) {
        List<Share> split = new ArrayList<>();
        int first = 0;
        for (int i = 0; i < chosen.size(); i++) {
            int own = generators / wanted + (i < generators % wanted ? 1 : 0);
            split.add(new Share(chosen.get(i), i, own, first, claimedBy.get(chosen.get(i))));
            first += own;
        }
        // the roster first: a worker's first record may arrive as soon as it reads its share
        workers.assign(split, System.currentTimeMillis());
        channel.send(run, Control.assign(run, hostName(), wanted, scenario, List.copyOf(split)));
        channel.flush();
    }

    private void onResult(Result result) {
        if (!run.equals(result.run())) {
            return;
        }
        if (result.type().equals(HostMessages.CLAIM)) {
            if (workers.assigned()) {
                return;
            }
            String first = claimedBy.putIfAbsent(result.worker(), String.valueOf(result.instance()));
            if (first != null && !first.equals(String.valueOf(result.instance()))) {
                claimedTwice = result.worker();
            } else if (!claims.contains(result.worker())) {
                claims.add(result.worker());
            }
            return;
        }
        RemoteWorker worker = workers.get(result.worker());
        if (worker == null) {
            return; // a claim that came too late
        }
        worker.lastHeardMs = System.currentTimeMillis();
        String key = result.step() + ":" + result.phase();
        switch (result.type()) {
            case HostMessages.READY -> worker.ready = true;
            case HostMessages.INTERVAL -> interval(worker, result);
            case HostMessages.PHASE_DONE -> worker.done.add(key);
            case HostMessages.ENDED -> worker.ended.add(key);
            case HostMessages.STEP_DONE -> {
                Step current = step;
                if (current != null && Integer.valueOf(current.index()).equals(result.step())) {
                    worker.report = result.report();
                }
            }
            case HostMessages.FAILED -> worker.failure = result.failure();
            default -> {}
        }
    }

    /** A measured interval of the current step goes into the run's recorders and the worker's own totals. */
    private void interval(RemoteWorker worker, Result result) {
        worker.sentEvents = result.sentEvents() == null ? worker.sentEvents : result.sentEvents();
        if (result.failure() != null) {
            worker.failure = result.failure();
        }
        Step current = step;
        if (current == null
                || result.intervals() == null
                || !Integer.valueOf(current.index()).equals(result.step())
                || !Phase.Kind.MEASURED.name().equals(result.phase())) {
            return;
        }
        result.intervals().forEach((metric, encoded) -> {
            Histogram interval = HostTopics.decode(encoded);
            recorder(metric).recordAll(interval);
            worker.addMeasured(metric, interval);
        });
    }

    @Override
    public String name() {
        return "workers";
    }

    @Override
    public void beginStep(Step next) {
        step = next;
        workers.all().forEach(worker -> worker.report = null);
    }

    @Override
    public void startPhase(Phase phase) {
        if (phase.rate() == null) {
            return;
        }
        phaseKey = step.index() + ":" + phase.kind().name();
        // a warmup extended while the sink is behind repeats its kind: what was said of the previous one is forgotten
        workers.all().forEach(worker -> {
            worker.done.remove(phaseKey);
            worker.ended.remove(phaseKey);
        });
        long startEpochMs = System.currentTimeMillis() + (phase.startNanos() - System.nanoTime()) / 1_000_000L;
        channel.send(
                run,
                Control.phase(
                        run,
                        step.index(),
                        phase.kind().name(),
                        HostMessages.rateText(step.rate()), // the prefill's is max, on every worker
                        phase.batchSize(),
                        startEpochMs,
                        phase.length() == null ? null : phase.length().toMillis(),
                        phase.maxEvents()));
        channel.flush();
    }

    @Override
    public boolean boundsPhase() {
        return step != null && step.rate() != null;
    }

    @Override
    public boolean phaseDone() {
        String key = phaseKey;
        return key != null && workers.all().stream().allMatch(worker -> worker.done.contains(key));
    }

    /** Every worker ends its part of the phase, its last interval sent before it says so. */
    @Override
    public void endPhase(Phase phase) {
        if (phase.rate() == null) {
            return;
        }
        String key = step.index() + ":" + phase.kind().name();
        channel.send(
                run,
                Control.end(run, step.index(), phase.kind().name(), phase.stop().get()));
        channel.flush();
        workers.awaitAll(
                worker -> worker.ended.contains(key),
                REPLY_TIMEOUT,
                "end the " + phase.kind().name().toLowerCase(Locale.ROOT) + " phase");
    }

    @Override
    public List<LatencyRecorder> recorders() {
        return List.copyOf(recorderList);
    }

    @Override
    public void resetMetrics() {
        recorderList.forEach(LatencyRecorder::reset);
        workers.all().forEach(RemoteWorker::resetMeasured);
    }

    @Override
    public String status(Map<String, Histogram> intervals) {
        long live = workers.heardWithin(System.currentTimeMillis(), 2_000);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "workers %d/%d", live, wanted));
        Histogram data = intervals.get(Metrics.DATA);
        if (data != null && data.getTotalCount() > 0) {
            line.append(String.format(
                    Locale.ROOT,
                    "  data p50 %,.1f p99 %,.1f ms",
                    data.getValueAtPercentile(50) / 1e3,
                    data.getValueAtPercentile(99) / 1e3));
        }
        return line.toString();
    }

    @Override
    public OptionalLong movedEvents() {
        return OptionalLong.of(workers.sentEvents());
    }

    @Override
    public Optional<String> failure() {
        return workers.failure(System.currentTimeMillis());
    }

    /** Every worker's figures of the step, added up as one host's would be, and each worker's share beside them. */
    @Override
    public void finishStep(StepResult.Builder result) {
        if (step == null || step.rate() == null) {
            return;
        }
        channel.send(run, Control.finish(run, step.index(), result.durationSec()));
        channel.flush();
        workers.awaitAll(worker -> worker.report != null, REPLY_TIMEOUT, "report the step");
        StepMerge.into(result, workers.ordered());
    }

    /** Events produced per generator of the step, of every worker: for the audit. */
    public Map<Long, Long> producedByGenerator() {
        return workers.producedByGenerator();
    }

    /** The newest {@code _event_time} of every generator of the step. */
    public Map<Long, Long> newestEventTimes() {
        return workers.newestEventTimes();
    }

    /** Events the workers' destinations refused in the run so far. */
    public long failedEvents() {
        return workers.failedEvents();
    }

    private static String hostName() {
        return ProcessHandle.current().pid() + "@" + System.getenv().getOrDefault("HOSTNAME", "localhost");
    }

    /** Tells the workers that the run is over, so that they leave it at once rather than after their lease. */
    @Override
    public void close() {
        closed = true;
        beat.shutdownNow();
        try {
            channel.send(run, Control.of(HostMessages.STOP, run));
            channel.flush();
        } catch (RuntimeException e) {
            // Kafka is gone: the workers stop on their own when the lease runs out
        }
        channel.close();
    }
}
