package io.rtbench.connectors.clickhouse;

import io.rtbench.connectors.common.DriverOptions;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.WriteResult;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;

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
 */
final class ClickHouseTarget implements Target {

    private static final Pattern DATABASE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_-]*");
    /** Every option of the kind, so that neither the target nor the native ingestion warns about the other's. */
    static final Set<String> OPTIONS = options();

    private final String database;
    private final String table;
    private final String qualifiedTable;
    private final String insertPath;
    private final ClickHouseSql sql;
    private volatile String version;

    ClickHouseTarget(TargetConfig config) {
        this.database = database(new DriverOptions(config, OPTIONS));
        this.table = config.collection();
        this.qualifiedTable = qualified(database, table);
        this.insertPath = "/?query=" + urlEncode("INSERT INTO " + qualifiedTable + " FORMAT JSONEachRow");
        this.sql = new ClickHouseSql(config, database + "." + table);
    }

    /** Option {@code database}, checked. */
    static String database(DriverOptions options) {
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
        sql.execute(
                deadlineNanos,
                "creating table " + database + "." + table,
                "CREATE TABLE IF NOT EXISTS " + qualifiedTable
                        + " (_id String, _event_time UInt64, generator_identifier UInt64, _seq UInt64, doc String)"
                        + " ENGINE = ReplacingMergeTree() ORDER BY (generator_identifier, _event_time, _id)");
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
                        + Long.toUnsignedString(generatorId));
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
