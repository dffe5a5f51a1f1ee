package io.rtbench.hosts;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.Schedule;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.utilisation.HostUtilisation;
import java.util.List;
import java.util.Map;

/**
 * The records of a run on several hosts (docs/ARCHITECTURE.md, "Several hosts"). Every record names its run; the
 * control topic's are written by the coordinator (and a worker's claim), the results topic's by the workers.
 */
final class HostMessages {

    private HostMessages() {}

    /** Types of control records, in the order a run uses them. */
    static final String ANNOUNCE = "announce";

    static final String ASSIGN = "assign";
    static final String PHASE = "phase";
    static final String END = "end";
    static final String FINISH = "finish";
    static final String BEAT = "beat";
    static final String STOP = "stop";

    /** Types of results records. */
    static final String CLAIM = "claim";

    static final String READY = "ready";

    static final String INTERVAL = "interval";
    static final String PHASE_DONE = "phaseDone";
    static final String ENDED = "ended";
    static final String STEP_DONE = "stepDone";
    static final String FAILED = "failed";

    /**
     * A record on {@code rtbench.control}, written by the coordinator.
     *
     * @param sentMs the writer's wall clock; a worker ignores an announcement older than {@link Worker#STALE}
     * @param workers how many workers the run wants ({@code announce})
     * @param shares who runs which part ({@code assign}): a worker not named there is not in the run
     * @param rate the step's total rate; each worker paces its share, in proportion to its generators (the prefill
     *     goes as fast as it can, as in a one-host run)
     * @param startEpochMs when the phase starts, on the coordinator's wall clock (hosts keep theirs in step with NTP)
     * @param lengthMs the phase's length; null: until its events are produced (the prefill)
     * @param maxEvents the events of the phase in total (the prefill), split like the rate; 0 for no limit
     * @param stop ({@code end}) the run ends early: what is in flight is dropped
     * @param durationSec ({@code finish}) the measured phase's length, for the achieved rates
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Control(
            String type,
            String run,
            long sentMs,
            String coordinator,
            Integer workers,
            WorkerSpec scenario,
            List<Share> shares,
            Integer step,
            String phase,
            String rate,
            Integer batchSize,
            Long startEpochMs,
            Long lengthMs,
            Long maxEvents,
            Boolean stop,
            Double durationSec) {

        static Control of(String type, String run) {
            return new Draft(type, run).build();
        }

        static Control announce(String run, String coordinator, int workers, WorkerSpec scenario) {
            return ofRun(ANNOUNCE, run, coordinator, workers, scenario).build();
        }

        /** The announcement again, with who runs which part. */
        static Control assign(String run, String coordinator, int workers, WorkerSpec scenario, List<Share> shares) {
            Draft draft = ofRun(ASSIGN, run, coordinator, workers, scenario);
            draft.shares = shares;
            return draft.build();
        }

        private static Draft ofRun(String type, String run, String coordinator, int workers, WorkerSpec scenario) {
            Draft draft = new Draft(type, run);
            draft.coordinator = coordinator;
            draft.workers = workers;
            draft.scenario = scenario;
            return draft;
        }

        static Control phase(
                String run,
                int step,
                String phase,
                String rate,
                int batchSize,
                long startEpochMs,
                Long lengthMs,
                long maxEvents) {
            Draft draft = new Draft(PHASE, run);
            draft.step = step;
            draft.phase = phase;
            draft.rate = rate;
            draft.batchSize = batchSize;
            draft.startEpochMs = startEpochMs;
            draft.lengthMs = lengthMs;
            draft.maxEvents = maxEvents;
            return draft.build();
        }

        static Control end(String run, int step, String phase, boolean stop) {
            Draft draft = new Draft(END, run);
            draft.step = step;
            draft.phase = phase;
            draft.stop = stop;
            return draft.build();
        }

        static Control finish(String run, int step, double durationSec) {
            Draft draft = new Draft(FINISH, run);
            draft.step = step;
            draft.durationSec = durationSec;
            return draft.build();
        }

        /** A control record being made: each type sets its own fields, the others stay absent (not written). */
        private static final class Draft {
            private final String type;
            private final String run;
            private String coordinator;
            private Integer workers;
            private WorkerSpec scenario;
            private List<Share> shares;
            private Integer step;
            private String phase;
            private String rate;
            private Integer batchSize;
            private Long startEpochMs;
            private Long lengthMs;
            private Long maxEvents;
            private Boolean stop;
            private Double durationSec;

            private Draft(String type, String run) {
                this.type = type;
                this.run = run;
            }

            private Control build() {
                return new Control(
                        type,
                        run,
                        System.currentTimeMillis(),
                        coordinator,
                        workers,
                        scenario,
                        shares,
                        step,
                        phase,
                        rate,
                        batchSize,
                        startEpochMs,
                        lengthMs,
                        maxEvents,
                        stop,
                        durationSec);
            }
        }
    }

    /** A rate as a control record carries it: {@code max}, or the amount per second and its unit. */
    static String rateText(Rate rate) {
        return rate == null
                ? null
                : rate.isMax() ? "max" : rate.perSecond() + " " + rate.unit().name();
    }

    /** The rate {@link #rateText} wrote. */
    static Rate rate(String text) {
        if (text == null) {
            return null;
        }
        if (text.equals("max")) {
            return Rate.MAX;
        }
        String[] parts = text.split(" ");
        return new Rate(Rate.Unit.valueOf(parts[1]), Double.parseDouble(parts[0]));
    }

    /**
     * A worker's part of the run: its place (0, 1, …), how many of the run's generators it runs, and how many the
     * workers before it run (to split a number of events exactly).
     *
     * @param instance the claiming process's token ({@link Result#instance}): another process started with the same
     *     {@code --id} does not take this share too
     */
    record Share(String worker, int index, int generators, int firstGenerator, String instance) {

        /** This worker's part of {@code total} events, split as the generators are: the parts add up to the total. */
        long eventsOf(long total, int allGenerators) {
            return total * (firstGenerator + generators) / allGenerators - total * firstGenerator / allGenerators;
        }
    }

    /**
     * A record on {@code rtbench.results}.
     *
     * @param intervals ({@code interval}) the last second's histogram of each metric that has samples, encoded by
     *     {@link HostTopics#encode}; only measured-phase intervals are merged by the coordinator
     * @param sentEvents events the worker's producer sent in the current phase so far, for the live rate
     * @param failure why the worker's share stopped on its own ({@code failed}, or on an interval); null while it works
     * @param report ({@code stepDone}) what the worker's stages counted in the step
     * @param instance ({@code claim}) a token new each time a worker process starts: two processes that claim under one
     *     {@code --id} are told apart
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Result(
            String type,
            String run,
            String worker,
            long sentMs,
            Integer step,
            String phase,
            Map<String, String> intervals,
            Long sentEvents,
            String failure,
            StepReport report,
            String instance) {

        /** A record of {@code type} that carries nothing but whose it is and where the run was. */
        static Result of(String type, String run, String worker, Integer step, String phase) {
            return new Result(type, run, worker, System.currentTimeMillis(), step, phase, null, null, null, null, null);
        }

        /** A worker process asks for a place in the run. */
        static Result claim(String run, String worker, String instance) {
            return new Result(
                    CLAIM, run, worker, System.currentTimeMillis(), null, null, null, null, null, null, instance);
        }

        /** The worker's share stopped: {@code why} (the exception's message). */
        static Result failed(String run, String worker, Integer step, String phase, String why) {
            return new Result(
                    FAILED, run, worker, System.currentTimeMillis(), step, phase, null, null, why, null, null);
        }

        /** The last second's intervals, the events sent so far, and the share's failure if it has one. */
        static Result interval(
                String run,
                String worker,
                Integer step,
                String phase,
                Map<String, String> intervals,
                long sentEvents,
                String failure) {
            return new Result(
                    INTERVAL,
                    run,
                    worker,
                    System.currentTimeMillis(),
                    step,
                    phase,
                    intervals,
                    sentEvents,
                    failure,
                    null,
                    null);
        }

        /** What the worker's stages counted in the step. */
        static Result stepDone(String run, String worker, int step, StepReport report) {
            return new Result(
                    STEP_DONE, run, worker, System.currentTimeMillis(), step, null, null, null, null, report, null);
        }
    }

    /**
     * What a worker's producer and probe counted in a step: the producer's figures as a one-host run has them, and,
     * for the coordinator's audit, what each of its generators produced (prefill and warmup included); and the CPU of
     * the worker's own process and machine in the measured phase, null where it could not be read.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record StepReport(
            StepRate rate,
            Schedule schedule,
            DocBytes docBytes,
            long produced,
            long failed,
            Long probeErrors,
            Long probesBeforeVisible,
            Map<Long, Long> producedByGenerator,
            Map<Long, Long> newestEventTimes,
            long failedInRun,
            HostUtilisation host) {}
}
