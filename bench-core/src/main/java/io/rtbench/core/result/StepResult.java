package io.rtbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One measured step: one rate (and batch size) held for {@link #durationSec}. Latencies by metric name (see
 * {@link io.rtbench.core.metrics.Metrics}). Built with {@link #builder()}: each part of a run adds what it knows, and a
 * figure nobody measured is absent from the file, never written as 0.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepResult(
        StepRate rate,
        Integer batchSize,
        double durationSec,
        DocBytes docBytes,
        EventCounts events,
        Long probeErrors,
        Long probesBeforeVisible,
        Map<String, LatencySummary> latencyMs,
        Backlog backlog,
        Schedule schedule,
        Boolean sustained,
        String histogramLog,
        StepRepetitions repetitions,
        Utilisation utilisation,
        HostUtilisation host,
        List<WorkerShare> workers,
        StepReads reads,
        ConnectTasks connectTasks,
        List<StepFault> faults) {

    /**
     * @param rate absent where nothing was paced or counted (an evaluator on its own without the producers' counts)
     * @param events absent where nothing was counted, as above
     * @param probesBeforeVisible probes of the measured phase that found no event of their generator visible yet: not
     *     samples, so the data latencies leave out that stretch (docs/MEASUREMENT.md); absent when there were none
     * @param histogramLog the step's interval log; absent where each iteration has its own (see {@code repetitions})
     * @param repetitions forks × iterations (docs/MEASUREMENT.md, "Repetitions"); absent for a run of one fork, one
     *     iteration, no warmup iteration
     * @param utilisation the target's CPU, memory and disk during the measured phase (docs/MEASUREMENT.md, "Target
     *     utilisation"); absent where no source could be read
     * @param host the harness's and the machine's CPU beside it ("The harness and the machine"); absent where unreadable
     * @param workers a run on several hosts ({@code rtbench run --workers N}, docs/GUIDE.md "Several hosts"): each
     *     worker's share; absent for a run on one host
     * @param reads the reads of workload {@code mixed}; absent otherwise
     * @param connectTasks pipeline {@code kafka-connect}: the connector's tasks and the workers they ran on; absent for
     *     other pipelines
     * @param faults {@code rtbench run --fault}: what each fault injected into the measured phase did to freshness
     *     (docs/MEASUREMENT.md, "Freshness under faults"); absent without faults
     */
    public StepResult {
        latencyMs = Map.copyOf(latencyMs);
        workers = workers == null ? null : List.copyOf(workers);
        faults = faults == null || faults.isEmpty() ? null : List.copyOf(faults);
    }

    /**
     * One worker's part of a step on several hosts: its generators, the events its producer had acknowledged in the
     * measured phase (the step's {@code events.produced} is the audit's, prefill and warmup included) and those that
     * failed, the latencies of its own probes and producer (the step's latencies are the exact merge of every
     * worker's histograms), and its own host's CPU: {@code rtbench worker}'s process and its machine (docs/REPORTS.md,
     * "Several hosts"; absent where it could not be read, and in results written before workers sampled it).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record WorkerShare(
            String id,
            int generators,
            long produced,
            long failed,
            Long probeErrors,
            Map<String, LatencySummary> latencyMs,
            HostUtilisation host) {
        public WorkerShare {
            latencyMs = Map.copyOf(latencyMs);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A copy to change, e.g. to merge hosts' steps. */
    public Builder toBuilder() {
        return new Builder()
                .rate(rate)
                .batchSize(batchSize)
                .durationSec(durationSec)
                .docBytes(docBytes)
                .events(events)
                .probeErrors(probeErrors)
                .probesBeforeVisible(probesBeforeVisible)
                .latencies(latencyMs)
                .backlog(backlog)
                .schedule(schedule)
                .sustained(sustained)
                .histogramLog(histogramLog)
                .repetitions(repetitions)
                .utilisation(utilisation)
                .host(host)
                .workers(workers)
                .reads(reads)
                .connectTasks(connectTasks)
                .faults(faults);
    }

    /**
     * Intended and achieved rates. The targets are null for {@code --rate max} or where nothing was paced (a bridge, an
     * evaluator), and are then written as explicit nulls, as the schema asks; the achieved bytes per second are absent
     * where the bytes were not counted.
     */
    public record StepRate(
            @JsonInclude(JsonInclude.Include.ALWAYS) Double targetEventsPerSec,
            @JsonInclude(JsonInclude.Include.ALWAYS) Double targetBytesPerSec,
            double achievedEventsPerSec,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double achievedBytesPerSec) {

        /** An achieved rate of events only: nothing was paced, no bytes were counted. */
        public static StepRate achievedEvents(double eventsPerSec) {
            return new StepRate(null, null, eventsPerSec, null);
        }
    }

    /** Serialized document sizes in the step, and the field count of the document (docs/MEASUREMENT.md). */
    public record DocBytes(double mean, int min, int max, int fields) {}

    /**
     * The audit (docs/MEASUREMENT.md): produced versus landed; landed/lost/duplicates are absent without a target.
     * {@code failed} counts events the producer sent but Kafka or the target refused (they can never land);
     * {@code newestVisible} says whether, once everything landed, the probe answered each generator's newest event.
     *
     * <p>Workload {@code dml} audits the final state of every {@code _id} instead: {@code landed}, {@code lost},
     * {@code stale}, {@code resurrected} and {@code duplicates} count {@code _id}s ({@code ids} of them, one per
     * insert; {@code landed + lost + stale + resurrected = ids}), {@code operations} the events by op.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EventCounts(
            long produced,
            Long landed,
            Long lost,
            Long duplicates,
            Long failed,
            Boolean newestVisible,
            Long ids,
            Long stale,
            Long resurrected,
            Operations operations) {

        /**
         * The counts of a step audited by event, not by row: workload ingest, or a stage that sees no rows (the bridge on
         * its own). The figures of workload dml ({@code ids}, {@code stale}, {@code resurrected}, {@code operations})
         * are absent; a step of workload dml is counted with the full constructor, or {@link #total} of its parts.
         */
        public static EventCounts ofEvents(
                long produced, Long landed, Long lost, Long duplicates, Long failed, Boolean newestVisible) {
            return new EventCounts(produced, landed, lost, duplicates, failed, newestVisible, null, null, null, null);
        }

        public static EventCounts producedOnly(long produced, long failed) {
            return ofEvents(produced, null, null, null, failed, null);
        }

        /**
         * The counts of several parts of one step (forks, or hosts), added up: each figure as {@link Sums#orAbsent};
         * {@code newestVisible} is true only when every part's probe saw its newest events.
         */
        public static EventCounts total(List<EventCounts> parts) {
            return Sums.eventCounts(parts);
        }

        /** With the producer's counts per op (workload {@code dml}). */
        public EventCounts withOperations(Operations counts) {
            return new EventCounts(
                    produced, landed, lost, duplicates, failed, newestVisible, ids, stale, resurrected, counts);
        }
    }

    /** Events by op of workload {@code dml}, prefill and warmup included (they all shape the final state). */
    public record Operations(long inserts, long updates, long deletes) {
        Operations plus(Operations other) {
            return new Operations(inserts + other.inserts, updates + other.updates, deletes + other.deletes);
        }
    }

    /**
     * Consumer lag of the sink's group over the step: first and last sample, least-squares slope and the slope's
     * standard error (null with fewer than five samples, a step under 4 s), and the lag a sink that keeps up shows by construction
     * (null where unknown, as in results written before it was recorded): a burst per generator that it has not yet
     * polled, and the events of its commit period at the step's rate, whose offsets it has not yet committed. A backlog
     * that ends no more than that above its start did not grow.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Backlog(
            long startEvents,
            long endEvents,
            double slopeEventsPerSec,
            Double slopeStdErrorEventsPerSec,
            Long inFlightEvents) {

        public Backlog(long startEvents, long endEvents, double slopeEventsPerSec, Double slopeStdErrorEventsPerSec) {
            this(startEvents, endEvents, slopeEventsPerSec, slopeStdErrorEventsPerSec, null);
        }

        /** The same samples with what is in flight by construction. */
        public Backlog withInFlight(long events) {
            return new Backlog(startEvents, endEvents, slopeEventsPerSec, slopeStdErrorEventsPerSec, events);
        }
    }

    /**
     * Whether the producer kept its pacing schedule: when the measured phase ended on time, how many of the events due
     * by then were not sent, and how late the first unsent burst was. A producer more than 2 % of the due events (and
     * more than a burst per generator) behind did not reach the rate: the step is not sustained.
     */
    public record Schedule(long eventsDue, long eventsBehind, double lagMs, boolean behind) {}

    /** Collects a step's figures from the parts of a run; what no part set stays absent. */
    public static final class Builder {
        private StepRate rate;
        private Integer batchSize;
        private double durationSec;
        private DocBytes docBytes;
        private EventCounts events;
        private Long probeErrors;
        private Long probesBeforeVisible;
        private final Map<String, LatencySummary> latencies = new LinkedHashMap<>();
        private Backlog backlog;
        private Schedule schedule;
        private Boolean sustained;
        private String histogramLog;
        private StepRepetitions repetitions;
        private Utilisation utilisation;
        private HostUtilisation host;
        private List<WorkerShare> workers;
        private StepReads reads;
        private ConnectTasks connectTasks;
        private List<StepFault> faults;

        private Builder() {}

        public Builder faults(List<StepFault> value) {
            this.faults = value;
            return this;
        }

        public Builder connectTasks(ConnectTasks value) {
            this.connectTasks = value;
            return this;
        }

        public Builder reads(StepReads value) {
            this.reads = value;
            return this;
        }

        public Builder rate(StepRate value) {
            this.rate = value;
            return this;
        }

        public Builder batchSize(Integer value) {
            this.batchSize = value;
            return this;
        }

        public Builder durationSec(double value) {
            this.durationSec = value;
            return this;
        }

        public Builder docBytes(DocBytes value) {
            this.docBytes = value;
            return this;
        }

        public Builder events(EventCounts value) {
            this.events = value;
            return this;
        }

        public Builder probeErrors(Long value) {
            this.probeErrors = value;
            return this;
        }

        public Builder probesBeforeVisible(Long value) {
            this.probesBeforeVisible = value;
            return this;
        }

        /** Adds summaries by metric name (a later summary of the same metric replaces the earlier one). */
        public Builder latencies(Map<String, LatencySummary> summaries) {
            this.latencies.putAll(summaries);
            return this;
        }

        public Builder backlog(Backlog value) {
            this.backlog = value;
            return this;
        }

        public Builder schedule(Schedule value) {
            this.schedule = value;
            return this;
        }

        /**
         * The verdict, null for none: the engine judges its stages' figures (false for a failed step); merges keep
         * their parts' verdicts.
         */
        public Builder sustained(Boolean value) {
            this.sustained = value;
            return this;
        }

        public Builder histogramLog(String value) {
            this.histogramLog = value;
            return this;
        }

        public Builder repetitions(StepRepetitions value) {
            this.repetitions = value;
            return this;
        }

        public Builder utilisation(Utilisation value) {
            this.utilisation = value;
            return this;
        }

        public Builder host(HostUtilisation value) {
            this.host = value;
            return this;
        }

        public Builder workers(List<WorkerShare> value) {
            this.workers = value;
            return this;
        }

        /** Replaces the summaries (e.g. with the pooled ones of several forks). */
        public Builder replaceLatencies(Map<String, LatencySummary> summaries) {
            this.latencies.clear();
            this.latencies.putAll(summaries);
            return this;
        }

        public StepRate rate() {
            return rate;
        }

        public double durationSec() {
            return durationSec;
        }

        public EventCounts events() {
            return events;
        }

        public Backlog backlog() {
            return backlog;
        }

        public Schedule schedule() {
            return schedule;
        }

        public HostUtilisation host() {
            return host;
        }

        public StepResult build() {
            return new StepResult(
                    rate,
                    batchSize,
                    durationSec,
                    docBytes,
                    events,
                    probeErrors,
                    probesBeforeVisible,
                    latencies,
                    backlog,
                    schedule,
                    sustained,
                    histogramLog,
                    repetitions,
                    utilisation,
                    host,
                    workers,
                    reads,
                    connectTasks,
                    faults);
        }
    }
}
