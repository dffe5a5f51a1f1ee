package io.rtbench.core.metrics;

import java.util.Set;

/**
 * The names of the latency metrics of docs/MEASUREMENT.md, as they appear in the result file and on Prometheus, and the
 * tags of the readings that the interval logs hold beside them ({@link #READINGS}).
 */
public final class Metrics {

    /** Probe response time − newest visible {@code _event_time}: the headline data latency (RockBench's). */
    public static final String DATA = "data";
    /** Probe request time − newest visible {@code _event_time}: {@link #DATA} without the probe's round trip. */
    public static final String DATA_AT_REQUEST = "dataAtRequest";
    /** The probe query's round trip. */
    public static final String QUERY = "query";
    /** Intended send time (pacing schedule) → broker acknowledgement. */
    public static final String PRODUCE_ACK = "produceAck";
    /** Intended send time of a burst → the producer starting it (the pacer's accuracy, one value per event). */
    public static final String SCHEDULE_DELAY = "scheduleDelay";
    /** {@code _event_time} → the bridge or sink task receiving the record. */
    public static final String KAFKA_HOP = "kafkaHop";
    /** Duration of one target write call (one batch). */
    public static final String SINK_WRITE = "sinkWrite";
    /** Calibration only: each event's true visibility time − its {@code _event_time}. */
    public static final String TRUTH = "truth";
    /**
     * Workload {@code dml}: probe response time − {@code _event_time} of the generator's newest update seen at its
     * version (docs/MEASUREMENT.md, "Workload dml").
     */
    public static final String UPDATE_VISIBLE = "updateVisible";
    /** Workload {@code dml}: probe response time − {@code _event_time} of the generator's newest delete seen as gone. */
    public static final String DELETE_VISIBLE = "deleteVisible";
    /** Calibration of workload {@code dml}: each update's true visibility time − its {@code _event_time}. */
    public static final String UPDATE_TRUTH = "updateTruth";
    /** Calibration of workload {@code dml}: each delete's true visibility time − its {@code _event_time}. */
    public static final String DELETE_TRUTH = "deleteTruth";
    /**
     * Calibration of workload {@code dml}: at each probe lookup, its time − {@code _event_time} of the newest update
     * visible then; what {@link #UPDATE_VISIBLE} should read at that instant (docs/MEASUREMENT.md, "Workload dml").
     */
    public static final String UPDATE_VISIBLE_TRUTH = "updateVisibleTruth";
    /** Calibration of workload {@code dml}: what {@link #DELETE_VISIBLE} should read at each probe lookup's instant. */
    public static final String DELETE_VISIBLE_TRUTH = "deleteVisibleTruth";

    /**
     * Workload {@code mixed}: a read's intended time (its place in the open-loop schedule) → its last row
     * (docs/MEASUREMENT.md, "Reads under write load"); failed reads at least at the timeout.
     */
    public static final String SELECT = "select";

    /**
     * Not a latency: the tag of the sink's backlog readings in a step's interval log, in events, one a second
     * (docs/MEASUREMENT.md, "Sustained: when a backlog grew"), which the report draws over time. No latency summary
     * has it.
     */
    public static final String BACKLOG = "backlog";

    /**
     * The tags of an interval log that hold readings ({@link ReadingRecorder}), not latencies in microseconds: a reader
     * of the log that adds its intervals up as latencies leaves these out.
     */
    public static final Set<String> READINGS = Set.of(BACKLOG);

    /**
     * Every calibration truth: what only the {@code reference} target knows. Reports and tables show the truths in
     * calibration's own lines, beside the metric each one checks, never as measurements of their own.
     */
    public static final Set<String> TRUTHS =
            Set.of(TRUTH, UPDATE_TRUTH, DELETE_TRUTH, UPDATE_VISIBLE_TRUTH, DELETE_VISIBLE_TRUTH);

    /** Workload {@code dml}'s two kinds of change: each one's metric and the two truths a calibration holds it to. */
    public enum Change {
        UPDATE("update", UPDATE_VISIBLE, UPDATE_VISIBLE_TRUTH, UPDATE_TRUTH),
        DELETE("delete", DELETE_VISIBLE, DELETE_VISIBLE_TRUTH, DELETE_TRUTH);

        private final String noun;
        private final String visible;
        private final String visibleTruth;
        private final String ownTruth;

        Change(String noun, String visible, String visibleTruth, String ownTruth) {
            this.noun = noun;
            this.visible = visible;
            this.visibleTruth = visibleTruth;
            this.ownTruth = ownTruth;
        }

        /** "update" or "delete", as a user reads it. */
        public String noun() {
            return noun;
        }

        /** The probe's metric: {@link #UPDATE_VISIBLE} or {@link #DELETE_VISIBLE}. */
        public String visible() {
            return visible;
        }

        /** What {@link #visible()} should read at each probe lookup's instant: the calibration's bar judges this. */
        public String visibleTruth() {
            return visibleTruth;
        }

        /** Each change's own visibility latency: reported beside, without a bar. */
        public String ownTruth() {
            return ownTruth;
        }
    }

    private Metrics() {}
}
