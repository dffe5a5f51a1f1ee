package io.rtbench.cli.run;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.event.Op;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.target.Statements;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code rtbench dml} as a stage of the engine: in the step's one phase, prefills the collection (not measured), then
 * runs the statements of the {@link StatementPlan} one at a time on a thread of its own, recording each statement's
 * latency and when a fresh query first saw its change ({@code visibleAfter}: polled right after the statement
 * returns, every millisecond). The phase ends when the last statement's change is visible.
 */
final class StatementsStage implements Stage {

    /** Ids a visibility query checks of one INSERT: spread over the batch, the last one always. */
    static final int CHECKED_IDS = 16;

    private static final long POLL_NANOS = 1_000_000;

    private final Target target;
    private final Statements statements;
    private final StatementPlan plan;
    private final EpochClock clock;
    private final EventGenerator events;
    private final SplittableRandom random;
    private final MetricSet metrics = new MetricSet();
    private final ExecutorService runner = Executors.newSingleThreadExecutor(DaemonThreads.named("rtbench-statements"));
    private final Rows rows = new Rows();
    private final String serverVersion;
    private Future<?> running;
    private volatile String progress = "";
    private volatile long written;
    private volatile String failure;

    /** Opens the target for workload dml; fails when it cannot be reached or has no statements. */
    StatementsStage(TargetConfig config, StatementPlan plan, EpochClock clock) {
        this.target = Targets.open(config);
        if (!(target instanceof Statements s)) {
            target.close();
            throw new IllegalArgumentException(config.kind() + " has no statements (rtbench dml)");
        }
        this.statements = s;
        this.plan = plan;
        this.clock = clock;
        this.events = EventGenerator.forChanges(new GeneratorSettings(plan.seed(), plan.docSize()), 1 + plan.seed());
        this.random = new SplittableRandom(plan.seed());
        try {
            this.serverVersion = target.serverVersion();
        } catch (RuntimeException e) {
            target.close();
            throw e;
        }
        for (int batch : plan.insertBatches()) {
            recorders("insert", batch);
        }
        recorders("update", 1);
        recorders("delete", 1);
    }

    private void recorders(String operation, int batch) {
        metrics.recorder(StatementPlan.statementMetric(operation, batch));
        metrics.recorder(StatementPlan.visibleMetric(operation, batch));
    }

    /** The statements as the target sends them, for the result. */
    Map<String, String> describe() {
        return statements.describe();
    }

    @Override
    public String name() {
        return "statements";
    }

    @Override
    public void startPhase(Phase phase) {
        running = runner.submit(() -> {
            try {
                run();
            } catch (RuntimeException e) {
                failure = e.getMessage() != null ? e.getMessage() : e.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private void run() throws InterruptedException {
        target.ensureCollection();
        prefill();
        for (int batch : plan.insertBatches()) {
            for (int i = 0; i < plan.repeat(); i++) {
                progress = String.format("INSERT x%,d rows: %d/%d", batch, i, plan.repeat());
                insert(batch);
            }
        }
        for (int i = 0; i < plan.repeat(); i++) {
            progress = String.format("UPDATE: %d/%d", i, plan.repeat());
            change(Op.UPDATE);
        }
        for (int i = 0; i < plan.repeat(); i++) {
            progress = String.format("DELETE: %d/%d", i, plan.repeat());
            change(Op.DELETE);
        }
        progress = "done";
    }

    private void prefill() {
        long done = 0;
        while (done < plan.prefill()) {
            int batch = (int) Math.min(StatementPlan.PREFILL_BATCH, plan.prefill() - done);
            List<Event> inserts = inserts(batch);
            if (target.write(new EventBatch(inserts)).hasFailures()) {
                throw new IllegalStateException("the target refused rows of the prefill");
            }
            done += batch;
            written += batch;
            progress = String.format("prefill: %,d/%,d rows (not measured)", done, plan.prefill());
        }
    }

    private void insert(int batch) throws InterruptedException {
        List<Event> inserts = inserts(batch);
        long startNanos = System.nanoTime();
        statements.insert(inserts);
        long doneNanos = System.nanoTime();
        List<Event> checked = new ArrayList<>();
        for (int i = 0; i < Math.min(CHECKED_IDS, batch); i++) {
            checked.add(inserts.get(batch - 1 - i * batch / Math.min(CHECKED_IDS, batch)));
        }
        long visibleNanos = awaitVisible(checked, false);
        record("insert", batch, startNanos, doneNanos, visibleNanos);
        written += batch;
    }

    private void change(Op op) throws InterruptedException {
        int row = random.nextInt(rows.size());
        long version = rows.version(row) + 1;
        Event event = Event.parse(
                events.nextChangeTransient(clock.epochMicros(), op, rows.msb(row), rows.lsb(row), version, false)
                        .clone());
        long startNanos = System.nanoTime();
        if (op == Op.DELETE) {
            statements.delete(event);
            rows.remove(row);
        } else {
            statements.update(event);
            rows.setVersion(row, version);
        }
        long doneNanos = System.nanoTime();
        long visibleNanos = awaitVisible(List.of(event), op == Op.DELETE);
        record(op == Op.DELETE ? "delete" : "update", 1, startNanos, doneNanos, visibleNanos);
        written++;
    }

    private List<Event> inserts(int count) {
        List<Event> inserts = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Event event = Event.parse(events.nextChangeTransient(clock.epochMicros(), Op.INSERT, 0, 0, 1, false)
                    .clone());
            inserts.add(event);
            rows.add(events.lastIdMsb(), events.lastIdLsb());
        }
        return inserts;
    }

    /** Polls until a fresh query shows every event's row at the event's {@code _seq} (or, deleted, none). */
    private long awaitVisible(List<Event> changes, boolean gone) throws InterruptedException {
        List<String> ids = changes.stream().map(Event::id).toList();
        long deadline = System.nanoTime() + plan.visibleTimeout().toNanos();
        while (true) {
            Map<String, Long> seqs = statements.visibleSeqs(events.generatorId(), ids);
            long now = System.nanoTime();
            boolean visible = changes.stream()
                    .allMatch(event -> gone
                            ? !seqs.containsKey(event.id())
                            : Long.valueOf(event.seq()).equals(seqs.get(event.id())));
            if (visible) {
                return now;
            }
            if (now - deadline > 0) {
                throw new IllegalStateException("a change was not visible within "
                        + plan.visibleTimeout().toSeconds() + " s (--visibility-timeout)");
            }
            TimeUnit.NANOSECONDS.sleep(POLL_NANOS);
        }
    }

    private void record(String operation, int batch, long startNanos, long doneNanos, long visibleNanos) {
        metrics.recorder(StatementPlan.statementMetric(operation, batch))
                .recordMicros((doneNanos - startNanos) / 1_000);
        metrics.recorder(StatementPlan.visibleMetric(operation, batch))
                .recordMicros((visibleNanos - startNanos) / 1_000);
    }

    @Override
    public boolean boundsPhase() {
        return true;
    }

    @Override
    public boolean phaseDone() {
        return running != null && running.isDone();
    }

    @Override
    public void endPhase(Phase phase) {
        if (running == null) {
            return;
        }
        if (phase.stop().get()) {
            running.cancel(true);
        }
        try {
            running.get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException
                | java.util.concurrent.TimeoutException
                | java.util.concurrent.CancellationException e) {
            // cancelled on Ctrl-C, or a statement that hangs past its timeout: the failure says why
        }
    }

    @Override
    public List<LatencyRecorder> recorders() {
        return List.copyOf(metrics.all());
    }

    /** Nothing to forget: the statements have no warmup. */
    @Override
    public void resetMetrics() {}

    @Override
    public String status(Map<String, Histogram> intervals) {
        return progress;
    }

    @Override
    public OptionalLong movedEvents() {
        return OptionalLong.of(written);
    }

    @Override
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    @Override
    public void finishStep(StepResult.Builder step) {
        step.events(EventCounts.producedOnly(written, 0));
        // rows written per second, the prefill included; bytes as the documents' target size
        double seconds = step.durationSec();
        step.rate(new StepRate(null, null, written / seconds, written * (double) plan.docSize() / seconds));
    }

    @Override
    public RunEnvironment environment(RunEnvironment environment) {
        return environment.withTargetVersion(serverVersion);
    }

    @Override
    public void close() {
        runner.shutdownNow();
        target.close();
    }

    /** The rows that exist, to UPDATE and DELETE at random: their ids and versions. */
    private static final class Rows {
        private long[] msb = new long[1024];
        private long[] lsb = new long[1024];
        private long[] version = new long[1024];
        private int size;

        void add(long idMsb, long idLsb) {
            if (size == msb.length) {
                msb = java.util.Arrays.copyOf(msb, size * 2);
                lsb = java.util.Arrays.copyOf(lsb, size * 2);
                version = java.util.Arrays.copyOf(version, size * 2);
            }
            msb[size] = idMsb;
            lsb[size] = idLsb;
            version[size++] = 1;
        }

        int size() {
            return size;
        }

        long msb(int row) {
            return msb[row];
        }

        long lsb(int row) {
            return lsb[row];
        }

        long version(int row) {
            return version[row];
        }

        void setVersion(int row, long value) {
            version[row] = value;
        }

        void remove(int row) {
            size--;
            msb[row] = msb[size];
            lsb[row] = lsb[size];
            version[row] = version[size];
        }

        @Override
        public String toString() {
            return size + " rows, e.g. " + (size == 0 ? "-" : new UUID(msb[0], lsb[0]).toString());
        }
    }
}
