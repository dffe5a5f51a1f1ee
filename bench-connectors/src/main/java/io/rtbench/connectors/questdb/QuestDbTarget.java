package io.rtbench.connectors.questdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.rtbench.connectors.common.HttpEndpoint;
import io.rtbench.connectors.common.HttpEndpoint.Response;
import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.connectors.common.TargetOptionReader;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.WriteResult;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * QuestDB over its HTTP endpoint: writes in the InfluxDB line protocol ({@code POST /write}), everything else in SQL
 * ({@code GET /exec}). Why the line protocol and not the PostgreSQL wire protocol: docs/TARGETS.md.
 *
 * <p>Table {@code <collection>}: {@code _event_time TIMESTAMP} (µs, the designated timestamp), {@code
 * generator_identifier LONG}, {@code _seq LONG}, {@code _id UUID}, {@code doc VARCHAR} (the whole document), a WAL
 * table partitioned by day (option {@code partition.by}) with {@code DEDUP UPSERT KEYS(_event_time, _id)}: a
 * re-delivered event replaces its earlier copy, so the table never counts it twice. A write request is one transaction:
 * QuestDB accepts or refuses it whole, so there are no per-row failures.
 *
 * <p>Visibility: a WAL table shows a write once QuestDB's apply job has applied it, after the write was acknowledged.
 * The probe sees what is applied, which is QuestDB's data latency; the audit first waits (within the timeout) until
 * every transaction acknowledged before it is applied, as the search engines' audit refreshes first.
 */
final class QuestDbTarget implements Target {

    /** The driver options: {@code partition.by}. */
    static final Set<String> OPTIONS = Set.of("partition.by");

    private static final Pattern VERSION = Pattern.compile("QuestDB (\\d[^,\"]*)");

    private final String table;
    private final String quotedTable;
    private final String partitionBy;
    private final HttpEndpoint http;
    private final TargetErrors errors;
    private final SqlOverHttp sql;
    private final WalBarrier barrier;
    private final byte[] lineTable;
    private volatile String version;

    /** Option {@code partition.by}: the table's partitioning, {@code DAY} by default. */
    static String partitionBy(TargetConfig config) {
        return new TargetOptionReader(config, OPTIONS).oneOf("partition.by", "DAY", "HOUR", "WEEK", "MONTH", "YEAR");
    }

    QuestDbTarget(TargetConfig config) {
        this.partitionBy = partitionBy(config);
        this.table = config.collection();
        // TargetConfig restricts names to [a-z0-9_.-]: double quotes make '.' and '-' legal in SQL and need no
        // escaping, and the line protocol takes such a name as it is.
        this.quotedTable = '"' + table + '"';
        this.lineTable = LineProtocolBody.ascii(table);
        this.http = new HttpEndpoint(config);
        this.errors = http.errors();
        this.sql = new SqlOverHttp(http, table);
        this.barrier = new WalBarrier(sql, errors, table, config.timeout());
    }

    @Override
    public void ensureCollection() {
        String what = "creating table " + table;
        SqlOverHttp.Answer answer = sql.execute(
                http.deadline(),
                what,
                "CREATE TABLE IF NOT EXISTS " + quotedTable
                        + " (_event_time TIMESTAMP, generator_identifier LONG, _seq LONG, _id UUID, doc VARCHAR)"
                        + " TIMESTAMP(_event_time) PARTITION BY " + partitionBy + " WAL"
                        + " DEDUP UPSERT KEYS(_event_time, _id)");
        // Two processes creating the table at once (the bridge and the evaluator): the loser may be told it exists.
        if (answer.refused() && !answer.error().contains("already exists")) {
            throw errors.failed(what, answer.error());
        }
    }

    @Override
    public WriteResult write(EventBatch batch) {
        if (batch.size() == 0) {
            return WriteResult.allWritten(0);
        }
        String what = "insert of " + batch.size() + " events into table " + table;
        Response response =
                http.send("POST", "/write?precision=u", LineProtocolBody.of(lineTable, batch), "text/plain", what);
        if (!response.isSuccess()) {
            throw writeRefused(what, response);
        }
        return WriteResult.allWritten(batch.size());
    }

    /** QuestDB's answer to a refused write is JSON with a {@code message}; a missing table is named as such. */
    private TargetException writeRefused(String what, Response response) {
        String message = SqlOverHttp.field(response, "message");
        if (message.contains("table does not exist")) {
            return errors.missingCollection(what, "table", table);
        }
        return errors.failed(what, "HTTP " + response.status() + ": " + message);
    }

    /**
     * {@code max(_event_time)} of the generator. Measured on a 20-million-row table: 3 ms for a generator that is
     * writing (its newest rows are the table's newest), 20 ms for one with no rows; {@code LATEST ON _event_time
     * PARTITION BY generator_identifier} took 100 and 60 ms (docs/TARGETS.md). No row, or a null maximum, means nothing
     * is visible yet.
     */
    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        JsonNode rows = sql.rows(
                http.deadline(),
                "probe",
                "SELECT cast(max(_event_time) AS LONG) FROM " + quotedTable + " WHERE generator_identifier = "
                        + generatorId);
        if (rows.isEmpty() || rows.get(0).get(0).isNull()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(rows.get(0).get(0).asLong());
    }

    /** After every acknowledged write is applied: rows, distinct sequence numbers and the highest one. */
    @Override
    public AuditCounts audit(long generatorId) {
        long deadline = http.deadline();
        barrier.awaitApplied(deadline, "audit");
        JsonNode row = sql.rows(
                        deadline,
                        "audit",
                        "SELECT count(), count_distinct(_seq), max(_seq) FROM " + quotedTable
                                + " WHERE generator_identifier = " + generatorId)
                .get(0);
        long count = row.get(0).asLong();
        if (count == 0) {
            return AuditCounts.NONE;
        }
        return new AuditCounts(count, row.get(1).asLong(), row.get(2).asLong());
    }

    @Override
    public String serverVersion() {
        String known = version;
        if (known == null) {
            String build = sql.rows(http.deadline(), "reading the server version", "SELECT build()")
                    .get(0)
                    .get(0)
                    .asText();
            Matcher matcher = VERSION.matcher(build);
            known = matcher.find() ? matcher.group(1) : build;
            version = known;
        }
        return known;
    }

    @Override
    public void close() {
        http.close();
    }
}
