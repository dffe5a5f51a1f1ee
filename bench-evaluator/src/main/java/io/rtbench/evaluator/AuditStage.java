package io.rtbench.evaluator;

import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.engine.Step;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.Versioned;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The audit at the end of each step as a stage of the engine (see {@link Audit}): what landed in the target against
 * what the step's generators produced. In a pipeline run the producer says what it produced; for an evaluator on its
 * own, the producers' final announcements do.
 */
public final class AuditStage implements Stage {

    /** The producers' time is not known here: the step's rate comes from the producer, or is left out. */
    public static final DoubleSupplier NO_PRODUCING_TIME = () -> Double.NaN;

    private final Target target;
    private final Supplier<Map<Long, Long>> produced;
    private final Supplier<Map<Long, Long>> newestEventTimes;
    private final LongSupplier failedToProduce;
    private final Duration timeout;
    private final Duration quiet;
    private final EvaluatorMetrics metrics;
    private final DoubleSupplier producingSec;
    private final Consumer<String> progress;
    private Supplier<Map<Long, ChangeHistory>> changes = Map::of;
    private String label = "";

    /**
     * @param produced events produced per generator of the step; empty: nothing to audit
     * @param newestEventTimes each generator's newest {@code _event_time}, to check that the probe finds it; empty to
     *     skip that check
     * @param producingSec an evaluator on its own: how long the audited generators produced, in seconds (NaN when not
     *     known); the events landed over it are the step's rate. {@link #NO_PRODUCING_TIME} where the producer gives
     *     the step its rate, or where no producer's time is known
     * @param progress where to say that the audit waits
     */
    public AuditStage(
            Target target,
            Supplier<Map<Long, Long>> produced,
            Supplier<Map<Long, Long>> newestEventTimes,
            LongSupplier failedToProduce,
            Duration timeout,
            Duration quiet,
            EvaluatorMetrics metrics,
            DoubleSupplier producingSec,
            Consumer<String> progress) {
        this.target = target;
        this.produced = produced;
        this.newestEventTimes = newestEventTimes;
        this.failedToProduce = failedToProduce;
        this.timeout = timeout;
        this.quiet = quiet;
        this.metrics = metrics;
        this.producingSec = producingSec;
        this.progress = progress;
    }

    /**
     * Workload {@code dml}: audits the final state of every {@code _id} of the generators that have a history
     * ({@link ChangeAudit}) instead of counting events. The target must implement {@link Versioned}.
     */
    public AuditStage withChanges(Supplier<Map<Long, ChangeHistory>> histories) {
        if (!(target instanceof Versioned)) {
            throw new IllegalArgumentException("the target does not apply versions and deletes (workload dml)");
        }
        this.changes = histories;
        return this;
    }

    @Override
    public String name() {
        return "audit";
    }

    /**
     * The target's version, where no other stage asked the target for it: a coordinator of several hosts probes
     * nothing itself, and with Connect or the native pipeline it writes nothing either.
     */
    @Override
    public RunEnvironment environment(RunEnvironment environment) {
        return environment.targetVersion() != null
                ? environment
                : environment.withTargetVersion(target.serverVersion());
    }

    @Override
    public void beginStep(Step step) {
        label = step.label().isEmpty() ? "" : step.label() + "  ";
    }

    @Override
    public void auditStep(StepResult.Builder step) {
        Map<Long, Long> counts = produced.get();
        if (counts.isEmpty()) {
            return;
        }
        progress.accept(label + "audit: waiting for every event to land");
        try {
            Map<Long, ChangeHistory> histories = changes.get();
            EventCounts events = histories.isEmpty()
                    ? new Audit(target, timeout, quiet).run(counts, newestEventTimes.get(), failedToProduce.getAsLong())
                    : new ChangeAudit((Versioned) target, timeout, quiet).run(histories, failedToProduce.getAsLong());
            step.events(events);
            metrics.audited(events.produced(), events.landed());
            double seconds = producingSec.getAsDouble();
            if (seconds > 0 && step.rate() == null) {
                step.rate(StepRate.achievedEvents(events.landed() / seconds));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
