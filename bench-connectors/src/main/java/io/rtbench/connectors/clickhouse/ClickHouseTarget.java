package io.rtbench.connectors.clickhouse;

import io.rtbench.connectors.common.TargetOptionReader;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Readable;
import io.rtbench.core.target.Statements;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.target.WriteResult;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * ClickHouse over its plain HTTP interface. Deliberately limited to what ClickHouse 18.16 (Debian's package, spec
 * section 7) and current releases both accept: no DateTime64, JSON type, async inserts, HTTP query parameters or
 * {@code DELETE}; the official Java clients fail against 18.16, so none is used. User and password (if any) go in a
 * basic {@code Authorization} header, which 18.16 accepts as well as current versions.
 *
 * <p>Table {@code <database>.<collection>}: {@code _id String, _event_time UInt64 (µs), generator_identifier UInt64,
 * _seq UInt64, doc String} (the whole document as JSON text), engine {@code ReplacingMergeTree} ordered by
 * {@code (generator_identifier, _event_time, _id)}: a re-delivered event has the same sorting key and collapses with
 * its earlier copy when parts merge. Until then both copies are visible, which the audit shows as
 * {@code count > distinctSeqs}. Option {@code database} (default {@code default}; created unless it exists); the
 * options of native ingestion ({@link ClickHouseNativeIngest}) are accepted too.
 *
 * <p>ClickHouse has no per-row failures: an insert is accepted or refused as a whole (one block per batch).
 *
 * <p>Workload {@code dml} (target option {@code workload=dml}): the table has {@code _op String, _version UInt64,
 * _deleted UInt8} too, engine {@code ReplacingMergeTree(_version)} ordered by {@code (generator_identifier, _id)}, so a
 * merge keeps the highest version of each {@code _id} whatever order the rows came in; a delete is a row with
 * {@code _deleted = 1} (ClickHouse 18.16 has neither {@code DELETE FROM} nor the engine's {@code is_deleted}
 * parameter). Until parts merge, old versions and deleted rows are still there: the consistent read is {@code FINAL};
 * the probe also measures the plain read ({@code WithoutFinal}), which is what a query without {@code FINAL} sees.
 * Updates are whole rows: {@code --update-mode patch} is refused ({@link ClickHouseTargetProvider}).
 *
 * <p>Workload {@code mixed} (target option {@code workload=mixed}): {@code user_id} and {@code balance} columns for the
 * reads, see {@link ClickHouseReads}.
 */
final class ClickHouseTarget implements Target, Versioned, Statements, Readable {

    /** The read path of a plain query, whose rows are merged into versions only eventually. */
    static final String WITHOUT_FINAL = "WithoutFinal";

    private static final Pattern UUID_TEXT = Pattern.compile("[0-9a-fA-F-]{36}");
    private static final Pattern DATABASE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_-]*");
    /** The columns {@link JsonEachRowBody} writes for every event; an event of workload dml also has {@link #DML_COLUMNS}. */
    private static final String EVENT_COLUMNS = "_id, _event_time, generator_identifier, _seq, doc";

    private static final String DML_COLUMNS = "_op, _version, _deleted";
    /** Every option of the kind, so that neither the target nor the native ingestion warns about the other's. */
    static final Set<String> OPTIONS = options();

    private final String database;
    private final String table;
    private final String qualifiedTable;
    private final String insertPath;
    private final ClickHouseSql sql;
    private final boolean dml;
    private final boolean mixed;
    private volatile String version;

    ClickHouseTarget(TargetConfig config) {
        this.database = database(new TargetOptionReader(config, OPTIONS));
        this.table = config.collection();
        this.qualifiedTable = qualified(database, table);
        this.dml = config.dml();
        this.mixed = config.mixed();
        // The columns named, so that ClickHouse computes those left out from their DEFAULT (workload mixed's): 18.16
        // gives a field missing from an insert without a column list the type's zero instead.
        String written = EVENT_COLUMNS + (dml ? ", " + DML_COLUMNS : "");
        this.insertPath =
                "/?query=" + urlEncode("INSERT INTO " + qualifiedTable + " (" + written + ") FORMAT JSONEachRow");
        this.sql = new ClickHouseSql(config, database + "." + table);
    }

    /** Option {@code database}, checked. */
    static String database(TargetOptionReader options) {
        String database = options.string("database", "default");
        if (!DATABASE_NAME.matcher(database).matches()) {
            throw options.invalid("database", database, "letters, digits, '_' or '-'");
        }
        return database;
    }

    /**
     * {@code `database`.`table`}. Names are restricted to [A-Za-z0-9_.-] (TargetConfig and {@link #database}), so
     * backquotes need no escaping.
     */
    static String qualified(String database, String table) {
        return "`" + database + "`.`" + table + "`";
    }

    private static Set<String> options() {
        Set<String> options = new HashSet<>(ClickHouseNativeIngest.OPTIONS);
        options.add("database");
        return Set.copyOf(options);
    }

    @Override
    public void ensureCollection() {
        ensureCollection(sql.http().deadline());
    }

    /** Creates the database and table unless they exist, by {@code deadlineNanos} at the latest. */
    void ensureCollection(long deadlineNanos) {
        if (!database.equals("default")) {
            sql.execute(
                    deadlineNanos, "creating database " + database, "CREATE DATABASE IF NOT EXISTS `" + database + "`");
        }
        String columns = "_id String, _event_time UInt64, generator_identifier UInt64, _seq UInt64, doc String";
        sql.execute(
                deadlineNanos,
                "creating table " + database + "." + table,
                "CREATE TABLE IF NOT EXISTS " + qualifiedTable
                        + (dml
                                ? " (" + columns + ", _op String, _version UInt64, _deleted UInt8)"
                                        + " ENGINE = ReplacingMergeTree(_version) ORDER BY (generator_identifier, _id)"
                                : " (" + columns + (mixed ? ", " + ClickHouseReads.COLUMNS : "")
                                        + ") ENGINE = ReplacingMergeTree()"
                                        + " ORDER BY (generator_identifier, _event_time, _id)"));
        requireLayout();
    }

    /**
     * {@code CREATE TABLE IF NOT EXISTS} keeps a table of the same name made for another workload, or by an older
     * rtbench (whose mixed table had {@code user_id MATERIALIZED} and no {@code balance}); without this check its
     * inserts or reads failed only once the run was under way. Workload ingest can write into any of them.
     *
     * @throws TargetException naming what is missing, when the table lacks a column the workload writes or reads
     */
    private void requireLayout() {
        if (!dml && !mixed) {
            return;
        }
        Map<String, String> kinds = new HashMap<>();
        for (String[] column : sql.selectRows(
                "reading the columns of " + database + "." + table,
                "SELECT name, default_kind FROM system.columns WHERE database = '" + database + "' AND table = '"
                        + table + "'")) {
            kinds.put(column[0], column.length > 1 ? column[1] : "");
        }
        List<String> wrong = new ArrayList<>();
        if (dml) {
            for (String column : DML_COLUMNS.split(", ")) {
                if (!kinds.containsKey(column)) {
                    wrong.add("no " + column);
                }
            }
        }
        if (mixed) {
            for (String column : ClickHouseReads.READ_COLUMNS) {
                String kind = kinds.get(column);
                if (kind == null) {
                    wrong.add("no " + column);
                } else if (!kind.equals("DEFAULT")) {
                    wrong.add(column + " " + (kind.isEmpty() ? "without a DEFAULT" : kind));
                }
            }
        }
        if (!wrong.isEmpty()) {
            throw sql.errors()
                    .failed(
                            "using table " + database + "." + table + " for workload " + (dml ? "dml" : "mixed"),
                            "it was made for another workload or by an older rtbench (" + String.join(", ", wrong)
                                    + "); use a fresh --collection or drop the table");
        }
    }

    @Override
    public WriteResult write(EventBatch batch) {
        if (batch.size() == 0) {
            return WriteResult.allWritten(0);
        }
        String what = "insert of " + batch.size() + " events into " + database + "." + table;
        sql.check(what, sql.http().send("POST", insertPath, JsonEachRowBody.of(batch), null, what));
        return WriteResult.allWritten(batch.size());
    }

    /**
     * {@code max(_event_time)} over the generator's range of the sorting key. An aggregate over no rows is 0 in
     * ClickHouse, and no event has time 0, so 0 means nothing is visible yet.
     */
    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        String[] row = sql.selectRow(
                "probe",
                "SELECT max(_event_time) FROM " + qualifiedTable + " WHERE generator_identifier = "
                        + Long.toUnsignedString(generatorId) + (dml ? " AND _deleted = 0" : ""));
        long newest = Long.parseUnsignedLong(row[0]);
        return newest == 0 ? OptionalLong.empty() : OptionalLong.of(newest);
    }

    /** Rows, distinct sequence numbers (copies not merged yet count once) and the highest one. */
    @Override
    public AuditCounts audit(long generatorId) {
        String[] row = sql.selectRow(
                "audit",
                "SELECT count(), uniqExact(_seq), max(_seq) FROM " + qualifiedTable + " WHERE generator_identifier = "
                        + Long.toUnsignedString(generatorId));
        long count = Long.parseLong(row[0]);
        if (count == 0) {
            return AuditCounts.NONE;
        }
        return new AuditCounts(count, Long.parseLong(row[1]), Long.parseLong(row[2]));
    }

    /** Workload {@code mixed}: see {@link ClickHouseReads}. */
    @Override
    public long read(ReadQuery query, String id, long userId) {
        if (!mixed) {
            throw new IllegalStateException("the table was opened without target option workload=mixed");
        }
        return ClickHouseReads.found(
                query, sql.selectRows("read", ClickHouseReads.sql(qualifiedTable, query, quoted(id), userId)));
    }

    @Override
    public List<String> readVariants() {
        return List.of(CONSISTENT, WITHOUT_FINAL);
    }

    /**
     * {@code FINAL} and only key conditions, the deleted flag read rather than filtered: ClickHouse 18.16 may apply a
     * filter on other columns before {@code FINAL} collapses the versions. Without {@code FINAL}: the newest live
     * version among the rows not merged yet, as a plain query sees them.
     */
    @Override
    public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
        requireDml();
        if (ids.isEmpty()) {
            return Map.of();
        }
        String where = " WHERE generator_identifier = " + Long.toUnsignedString(generatorId) + " AND _id IN ("
                + ids.stream().map(ClickHouseTarget::quoted).collect(Collectors.joining(",")) + ")";
        Map<String, Long> live = new HashMap<>();
        if (variant.equals(WITHOUT_FINAL)) {
            for (String[] row : sql.selectRows(
                    "probe",
                    "SELECT _id, max(_version) FROM " + qualifiedTable + where + " AND _deleted = 0 GROUP BY _id")) {
                live.put(row[0], Long.parseLong(row[1]));
            }
            return live;
        }
        for (String[] row :
                sql.selectRows("probe", "SELECT _id, _version, _deleted FROM " + qualifiedTable + " FINAL" + where)) {
            if (row[2].equals("0")) {
                live.put(row[0], Long.parseLong(row[1]));
            }
        }
        return live;
    }

    /** Every row as {@code FINAL} shows it: one per {@code _id}, the highest version, tombstones included. */
    @Override
    public void rows(long generatorId, RowVisitor visitor) {
        requireDml();
        for (String[] row : sql.selectRows(
                "audit of the final state",
                "SELECT _seq, _deleted FROM " + qualifiedTable + " FINAL WHERE generator_identifier = "
                        + Long.toUnsignedString(generatorId))) {
            visitor.row(Long.parseLong(row[0]), !row[1].equals("0"));
        }
    }

    @Override
    public void insert(List<Event> events) {
        requireDml();
        write(new EventBatch(events));
    }

    @Override
    public void update(Event event) {
        requireDml();
        sql.execute("UPDATE mutation of one row", ClickHouseStatements.update(qualifiedTable, event));
    }

    @Override
    public void delete(Event event) {
        requireDml();
        sql.execute("DELETE mutation of one row", ClickHouseStatements.delete(qualifiedTable, event));
    }

    @Override
    public Map<String, Long> visibleSeqs(long generatorId, List<String> ids) {
        requireDml();
        Map<String, Long> live = new HashMap<>();
        if (ids.isEmpty()) {
            return live;
        }
        for (String[] row : sql.selectRows(
                "query",
                "SELECT _id, _seq, _deleted FROM " + qualifiedTable + " FINAL WHERE generator_identifier = "
                        + Long.toUnsignedString(generatorId) + " AND _id IN ("
                        + ids.stream().map(ClickHouseTarget::quoted).collect(Collectors.joining(",")) + ")")) {
            if (row[2].equals("0")) {
                live.put(row[0], Long.parseLong(row[1]));
            }
        }
        return live;
    }

    @Override
    public Map<String, String> describe() {
        return ClickHouseStatements.describe(qualifiedTable);
    }

    private void requireDml() {
        if (!dml) {
            throw new IllegalStateException("the table was opened for workload ingest (target option workload=dml)");
        }
    }

    /** A canonical UUID (hex digits and dashes) as a string literal; anything else is refused. */
    private static String quoted(String id) {
        if (!UUID_TEXT.matcher(id).matches()) {
            throw new IllegalArgumentException("not an _id: " + id);
        }
        return "'" + id + "'";
    }

    @Override
    public String serverVersion() {
        String known = version;
        if (known == null) {
            known = sql.selectRow("reading the server version", "SELECT version()")[0];
            version = known;
        }
        return known;
    }

    private static String urlEncode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public void close() {
        sql.close();
    }
}
