package io.rtbench.connectors.search;

import io.rtbench.connectors.common.TargetOptionReader;
import io.rtbench.core.target.TargetConfig;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How the driver creates the index, from the target options.
 *
 * <ul>
 *   <li>{@code shards} (default 1), {@code replicas} (default 0: a single-node benchmark server could never allocate a
 *       replica, and the index would stay yellow)
 *   <li>{@code refresh.interval} (default {@code 1s}, the engines' own default): how often new documents become
 *       searchable, the main knob of data latency here; {@code -1} disables refresh
 *   <li>{@code generator_identifier.type}: {@code long} (default) or {@code keyword}
 * </ul>
 */
record IndexSettings(int shards, int replicas, String refreshInterval, String generatorIdType) {

    static final Set<String> OPTIONS = Set.of("shards", "replicas", "refresh.interval", "generator_identifier.type");

    private static final Pattern TIME_VALUE = Pattern.compile("-1|\\d+(nanos|micros|ms|s|m|h|d)");

    static IndexSettings from(TargetConfig config) {
        TargetOptionReader options = new TargetOptionReader(config, OPTIONS);
        String refresh = options.string("refresh.interval", "1s");
        if (!TIME_VALUE.matcher(refresh).matches()) {
            throw options.invalid("refresh.interval", refresh, "a time value such as 1s, 500ms or -1 (off)");
        }
        return new IndexSettings(
                options.integer("shards", 1, 1),
                options.integer("replicas", 0, 0),
                refresh,
                options.oneOf("generator_identifier.type", "long", "keyword"));
    }

    /** The body of {@code PUT /<index>}: settings, and the identity fields' types; the rest is mapped dynamically. */
    String createIndexBody() {
        return createIndexBody(false);
    }

    /**
     * With {@code dml}: deleted versions are remembered for an hour ({@code index.gc_deletes}, default 60 s), so an
     * event re-delivered after a long outage cannot bring a deleted document back, and {@code _op} is a keyword.
     */
    String createIndexBody(boolean dml) {
        return createIndexBody(dml, false);
    }

    /** With {@code mixed}: the fields of the reads ({@link SearchReads#MAPPINGS}). */
    String createIndexBody(boolean dml, boolean mixed) {
        return "{\"settings\":{\"index\":{\"number_of_shards\":" + shards + ",\"number_of_replicas\":" + replicas
                + ",\"refresh_interval\":\"" + refreshInterval + "\"" + (dml ? ",\"gc_deletes\":\"1h\"" : "") + "}},"
                + "\"mappings\":{\"dynamic\":true,\"properties\":{"
                + "\"generator_identifier\":{\"type\":\"" + generatorIdType + "\"},"
                + "\"_event_time\":{\"type\":\"long\"},"
                + (dml ? "\"_op\":{\"type\":\"keyword\"}," : "")
                + (mixed ? SearchReads.MAPPINGS : "")
                + "\"_seq\":{\"type\":\"long\"}}}}";
    }

    /** {@code generator_identifier} as a term-query value of the mapped type. */
    String generatorTerm(long generatorId) {
        return generatorIdType.equals("keyword") ? "\"" + generatorId + "\"" : Long.toString(generatorId);
    }
}
