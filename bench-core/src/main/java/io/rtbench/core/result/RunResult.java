package io.rtbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The result file of one run (docs/REPORTS.md, {@code result.schema.json}). Immutable; a run builds a new one after
 * each finished step so that an interrupted run still writes what it finished.
 *
 * @param complete false when the run was interrupted; {@link #steps} then holds the finished ones
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunResult(
        String schema,
        String runId,
        Instant startedAt,
        Instant finishedAt,
        Boolean complete,
        Tool tool,
        RunEnvironment environment,
        Scenario scenario,
        List<StepResult> steps,
        Peak peak,
        Calibration calibration) {

    public static final String SCHEMA = "rtbench.result/v1";

    public RunResult {
        steps = List.copyOf(steps);
    }

    /** A run that has just started: no steps yet, not complete. */
    public static RunResult started(String runId, Instant startedAt, RunEnvironment environment, Scenario scenario) {
        return new RunResult(
                SCHEMA, runId, startedAt, null, false, Tool.current(), environment, scenario, List.of(), null, null);
    }

    public RunResult withStep(StepResult step) {
        List<StepResult> more = new ArrayList<>(steps);
        more.add(step);
        return toBuilder().steps(more).build();
    }

    /** The steps replaced, e.g. step N merged again after another fork measured it. */
    public RunResult withSteps(List<StepResult> newSteps) {
        return toBuilder().steps(newSteps).build();
    }

    public RunResult withEnvironment(RunEnvironment newEnvironment) {
        return toBuilder().environment(newEnvironment).build();
    }

    public RunResult withPeak(Peak newPeak) {
        return toBuilder().peak(newPeak).build();
    }

    public RunResult withCalibration(Calibration newCalibration) {
        return toBuilder().calibration(newCalibration).build();
    }

    /** Marks the run finished at {@code at}; {@code completed} is false when it was interrupted. */
    public RunResult finished(Instant at, boolean completed) {
        return toBuilder().finished(at, completed).build();
    }

    /** A copy to change: what the run found after it started (its steps, environment, peak, calibration, end). */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** A run's result with some of its figures replaced; who and what ran (id, tool, scenario, start) stay. */
    public static final class Builder {
        private final RunResult from;
        private Instant finishedAt;
        private Boolean complete;
        private RunEnvironment environment;
        private List<StepResult> steps;
        private Peak peak;
        private Calibration calibration;

        private Builder(RunResult from) {
            this.from = from;
            this.finishedAt = from.finishedAt;
            this.complete = from.complete;
            this.environment = from.environment;
            this.steps = from.steps;
            this.peak = from.peak;
            this.calibration = from.calibration;
        }

        public Builder finished(Instant at, boolean completed) {
            this.finishedAt = at;
            this.complete = completed;
            return this;
        }

        public Builder environment(RunEnvironment value) {
            this.environment = value;
            return this;
        }

        public Builder steps(List<StepResult> value) {
            this.steps = value;
            return this;
        }

        public Builder peak(Peak value) {
            this.peak = value;
            return this;
        }

        public Builder calibration(Calibration value) {
            this.calibration = value;
            return this;
        }

        public RunResult build() {
            return new RunResult(
                    from.schema,
                    from.runId,
                    from.startedAt,
                    finishedAt,
                    complete,
                    from.tool,
                    environment,
                    from.scenario,
                    steps,
                    peak,
                    calibration);
        }
    }

    /** The tool that wrote the file. */
    public record Tool(String name, String version) {
        public static Tool current() {
            return new Tool("rtbench", ToolVersion.get());
        }
    }

    /**
     * Peak sustainable throughput (docs/GUIDE.md, {@code rtbench peak}).
     *
     * @param step the 1-based place in {@code steps} of the step that set the peak: its latencies are the peak's
     * @param notSustainedAbove the lowest rate above the peak that was not sustained (its last try), and why; null when
     *     the search ended before it found one
     * @param withinPrecision whether the search ended because the peak and the lowest rate above it that was not
     *     sustained came within {@code --precision} of each other; false when it ended first ({@code --max-steps}, or
     *     stopped), and the peak is then only a lower bound
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Peak(
            Double sustainedEventsPerSec,
            Double sustainedBytesPerSec,
            String criterion,
            Integer step,
            NotSustained notSustainedAbove,
            Boolean withinPrecision) {

        /** A rate that was not sustained, and every reason, as the console's line says them. */
        public record NotSustained(double targetEventsPerSec, List<String> reasons) {}
    }

    /**
     * Harness error against the reference target's ground truth (docs/GUIDE.md, {@code rtbench calibrate}):
     * {@code data} against {@code truth}. With workload {@code dml} (absent otherwise) {@code updateVisible} and
     * {@code deleteVisible} against what they should have read at the probes' instants ({@code updateVisibleTruth},
     * {@code deleteVisibleTruth}: the probe's own error, which the bar judges), and against the changes' own latency
     * ({@code updateTruth}, {@code deleteTruth}: that difference adds how old the newest visible change is, since changes
     * come only so often; docs/MEASUREMENT.md, "Workload dml").
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Calibration(
            Double configuredDelayMs,
            Double configuredJitterMs,
            Double p50ErrorMs,
            Double p99ErrorMs,
            Double updateP50ErrorMs,
            Double deleteP50ErrorMs,
            Double updateProbeP50ErrorMs,
            Double deleteProbeP50ErrorMs) {

        public Calibration(Double configuredDelayMs, Double configuredJitterMs, Double p50ErrorMs, Double p99ErrorMs) {
            this(configuredDelayMs, configuredJitterMs, p50ErrorMs, p99ErrorMs, null, null, null, null);
        }
    }
}
