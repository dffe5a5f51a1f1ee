package io.rtbench.producer;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.engine.Step;
import io.rtbench.core.event.DocSizeStats;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.mixed.ReadCandidates;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.time.EpochClock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * The producer as a stage of the engine: each step gets generators of its own (so that its latencies and audit are its
 * own), each phase runs them at the phase's rate on their own threads, and the step ends with every acknowledgement in
 * and the generators' final counts announced. Records {@code produceAck}, {@code scheduleDelay} and, in direct mode,
 * {@code sinkWrite}.
 */
public final class ProducerStage implements Stage {

    /** How long a run that ends early still takes acknowledgements: a broker that is there answers within it. */
    private static final long ABANDON_GRACE_NANOS = 1_000_000_000L;

    private final ProducerSession session;
    private final ProducerSettings settings;
    private final ExecutorService runner =
            Executors.newSingleThreadExecutor(DaemonThreads.named("rtbench-producer-phase"));
    private Step current;
    private ProducerStep step;
    private Future<PhaseOutcome> running;
    private PhaseOutcome measured;
    /** How the last phase went; null when it was abandoned or failed. */
    private PhaseOutcome last;

    private String phaseFailure;
    /** The run ends early: what is in flight is dropped, not waited for. */
    private boolean abandoned;
    /** Whether the producer had failed itself when the run was abandoned: the dropped events alone do not count. */
    private boolean failedWhenAbandoned;

    private Consumer<List<Long>> onGenerators = ids -> {};

    /** Opens the destination; fails with one clear line when Kafka or the target cannot be reached. */
    public ProducerStage(ProducerSettings settings, EpochClock clock, String runId) {
        this.settings = settings;
        this.session = new ProducerSession(settings, clock, runId);
    }

    @Override
    public String name() {
        return "producer";
    }

    @Override
    public void beginStep(Step next) {
        current = next;
        measured = null;
        step = next.rate() == null ? null : session.newStep(settings.pacing().generators());
        if (step != null) {
            onGenerators.accept(step.generatorIds());
        }
    }

    @Override
    public void startPhase(Phase phase) {
        if (step != null && phase.rate() != null) {
            ProducerStep current = step;
            running = runner.submit(() -> current.run(phase));
        }
    }

    @Override
    public boolean boundsPhase() {
        return step != null;
    }

    @Override
    public boolean phaseDone() {
        return running == null || running.isDone();
    }

    @Override
    public void endPhase(Phase phase) {
        last = null;
        if (running == null) {
            return;
        }
        if (phase.stop().get()) {
            // The run ends (Ctrl-C, or a stage failed): the broker may be gone, and a generator may be waiting in a
            // send for up to the retry timeout (max.block.ms); the acknowledgements could take Kafka's
            // delivery.timeout.ms (2 minutes). Neither is waited for: the generators are interrupted, and what is still
            // in flight a second later is dropped at the step's end and counted as failed.
            running.cancel(true);
            running = null;
            failedWhenAbandoned = failure().isPresent();
            abandoned = true;
            return;
        }
        try {
            PhaseOutcome outcome = running.get();
            last = outcome;
            if (phase.measured()) {
                measured = outcome;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            phaseFailure = String.valueOf(e.getCause().getMessage());
        } finally {
            running = null;
        }
        // Every event of the phase acknowledged before it counts as over: the prefill's must have landed before
        // anything is measured, and the measured phase's acknowledgements belong to its latencies and interval log.
        if (!session.stats().hasFailed()) {
            session.flush();
        }
    }

    @Override
    public OptionalDouble phaseSeconds() {
        return last == null ? OptionalDouble.empty() : OptionalDouble.of(last.wallSeconds());
    }

    @Override
    public List<LatencyRecorder> recorders() {
        return List.copyOf(session.stats().metrics().all());
    }

    @Override
    public void resetMetrics() {
        session.stats().reset();
    }

    @Override
    public String status(Map<String, Histogram> intervals) {
        ProducerStats stats = session.stats();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "sent %,d", stats.sentEvents()));
        Histogram ack = intervals.get(stats.produceAck().name());
        if (ack != null && ack.getTotalCount() > 0) {
            line.append(String.format(
                    Locale.ROOT,
                    "  ack p50 %,.1f p99 %,.1f ms",
                    ack.getValueAtPercentile(50) / 1e3,
                    ack.getValueAtPercentile(99) / 1e3));
        }
        if (stats.failed() > 0) {
            line.append(String.format(Locale.ROOT, "  FAILED %,d", stats.failed()));
        }
        return line.toString();
    }

    @Override
    public OptionalLong movedEvents() {
        return OptionalLong.of(session.stats().sentEvents());
    }

    @Override
    public Optional<String> failure() {
        if (abandoned && !failedWhenAbandoned) {
            return Optional.empty();
        }
        if (session.stats().hasFailed()) {
            return Optional.of(session.stats().failureSummary());
        }
        return Optional.ofNullable(phaseFailure);
    }

    /**
     * Waits for every acknowledgement (or, when the run ends early, drops what is in flight and counts it as failed),
     * then adds the rates, document sizes and counts of the measured phase.
     */
    @Override
    public void finishStep(StepResult.Builder result) {
        if (step == null) {
            return;
        }
        if (abandoned) {
            awaitAcknowledgements(ABANDON_GRACE_NANOS);
            session.abandon();
        } else {
            session.finish(step);
        }
        ProducerStats stats = session.stats();
        int docSize = settings.generator().docSizeBytes();
        Rate rate = current.rate();
        double seconds = result.durationSec();
        result.rate(new StepRate(
                rate.isMax() ? null : rate.eventsPerSecond(docSize),
                rate.isMax() ? null : rate.bytesPerSecond(docSize),
                stats.sentEvents() / seconds,
                stats.sentBytes() / seconds));
        if (measured != null && !rate.isMax()) {
            result.schedule(new Schedule(
                    measured.eventsDue(),
                    measured.eventsBehind(),
                    measured.scheduleLagMillis(),
                    measured.behindSchedule()));
        }
        DocSizeStats sizes = step.docSizes();
        result.docBytes(new DocBytes(sizes.meanBytes(), sizes.minBytes(), sizes.maxBytes(), sizes.fields()));
        result.events(EventCounts.producedOnly(stats.ackedEvents(), stats.failed()));
    }

    /** Waits, at most {@code nanos}, until every measured event sent was acknowledged or failed. */
    private void awaitAcknowledgements(long nanos) {
        ProducerStats stats = session.stats();
        long deadline = System.nanoTime() + nanos;
        while (stats.sentEvents() > stats.ackedEvents() + stats.failed() && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Workload {@code mixed}: see {@link ProducerSession#feedReads}; before the first step. */
    public ProducerStage feedReads(ReadCandidates candidates, long users) {
        session.feedReads(candidates, users);
        return this;
    }

    /** The generators of the current step. */
    public List<Long> generatorIds() {
        return step == null ? List.of() : step.generatorIds();
    }

    /** Told each step's generators as the step begins, before they produce: e.g. to print them for an evaluator. */
    public ProducerStage onGenerators(Consumer<List<Long>> listener) {
        this.onGenerators = listener;
        return this;
    }

    /** Events produced per generator of the current step so far, prefill and warmup included: for the audit. */
    public Map<Long, Long> producedByGenerator() {
        return step == null ? Map.of() : step.producedByGenerator();
    }

    /** Workload {@code dml}: what each generator of the current step changed; empty for workload {@code ingest}. */
    public Map<Long, ChangeHistory> changeHistories() {
        return step == null ? Map.of() : step.changeHistories();
    }

    /** The newest {@code _event_time} each generator of the current step produced. */
    public Map<Long, Long> newestEventTimes() {
        return step == null ? Map.of() : step.newestEventTimes();
    }

    /** Events the destination refused in the run so far; they can never land. */
    public long failedEvents() {
        return session.stats().failed();
    }

    public ProducerStats stats() {
        return session.stats();
    }

    @Override
    public RunEnvironment environment(RunEnvironment environment) {
        Destination destination = settings.destination();
        if (destination instanceof KafkaDestination) {
            // the client's version, unless the broker's is known (rtbench started it)
            return environment.kafkaVersion() != null ? environment : environment.withKafkaVersion(session.version());
        }
        return destination instanceof Destination.Direct
                ? environment.withTargetVersion(session.version())
                : environment;
    }

    @Override
    public void close() {
        runner.shutdownNow();
        if (abandoned) {
            session.abandon(); // also when the run failed before this step's end
        } else {
            session.close();
        }
    }
}
