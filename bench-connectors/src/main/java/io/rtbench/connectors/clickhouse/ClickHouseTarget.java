package io.rtbench.connectors.clickhouse;

import io.rtbench.connectors.common.DriverOptions;
import io.rtbench.connectors.common.HttpEndpoint;
import io.rtbench.connectors.common.HttpEndpoint.Response;
import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.WriteResult;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
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
 * {@code count > distinctSeqs}. Option {@code database} (default {@code default}; created unless it exists).
 *
 * <p>ClickHouse has no per-row failures: an insert is accepted or refused as a whole (one block per batch).
 */
final class ClickHouseTarget implements Target {

    private static final Pattern DATABASE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_-]*");
    private static final Pattern ERROR_CODE = Pattern.compile("Code: (\\d+)");
    private static final Set<Integer> UNKNOWN_TABLE_OR_DATABASE = Set.of(60, 81);
    /** UNKNOWN_USER, WRONG_PASSWORD, REQUIRED_PASSWORD, IP_ADDRESS_NOT_ALLOWED, AUTHENTICATION_FAILED. */
    private static final Set<Integer> AUTHENTICATION_FAILED = Set.of(192, 193, 194, 195, 516);

    private final String database;
    private final String table;
    private final String qualifiedTable;
    private final String insertPath;
    private final HttpEndpoint http;
    private final TargetErrors errors;
    private volatile String version;

    ClickHouseTarget(TargetConfig config) {
        DriverOptions options = new DriverOptions(config, Set.of("database"));
        this.database = options.string("database", "default");
        if (!DATABASE_NAME.matcher(database).matches()) {
            throw options.invalid("database", database, "letters, digits, '_' or '-'");
        }
        this.table = config.collection();
        // Names are restricted to [A-Za-z0-9_.-] (TargetConfig and the check above), so backquotes need no escaping.
        this.qualifiedTable = "`" + database + "`.`" + table + "`";
        this.insertPath = "/?query=" + urlEncode("INSERT INTO " + qualifiedTable + " FORMAT JSONEachRow");
        this.http = new HttpEndpoint(config);
        this.errors = http.errors();
    }

    @Override
    public void ensureCollection() {
        long deadline = http.deadline();
        if (!database.equals("default")) {
            execute(deadline, "creating database " + database, "CREATE DATABASE IF NOT EXISTS `" + database + "`");
        }
        execute(
                deadline,
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
        check(what, http.send("POST", insertPath, JsonEachRowBody.of(batch), null, what));
        return WriteResult.allWritten(batch.size());
    }

    /**
     * {@code max(_event_time)} over the generator's range of the sorting key. An aggregate over no rows is 0 in
     * ClickHouse, and no event has time 0, so 0 means nothing is visible yet.
     */
    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        String[] row = selectRow(
                "probe",
                "SELECT max(_event_time) FROM " + qualifiedTable + " WHERE generator_identifier = "
                        + Long.toUnsignedString(generatorId));
        long newest = Long.parseUnsignedLong(row[0]);
        return newest == 0 ? OptionalLong.empty() : OptionalLong.of(newest);
    }

    /** Rows, distinct sequence numbers (copies not merged yet count once) and the highest one. */
    @Override
    public AuditCounts audit(long generatorId) {
        String[] row = selectRow(
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
            known = selectRow("reading the server version", "SELECT version()")[0];
            version = known;
        }
        return known;
    }

    /** Runs a query that returns one row; its columns as text. */
    private String[] selectRow(String what, String sql) {
        Response response = execute(http.deadline(), what, sql + " FORMAT TabSeparated");
        String text = response.text().strip();
        if (text.isEmpty() || text.indexOf('\n') >= 0) {
            throw errors.failed(what, "expected one row, got '" + TargetErrors.oneLine(text) + "'");
        }
        return text.split("\t", -1);
    }

    private Response execute(long deadline, String what, String sql) {
        byte[] body = sql.getBytes(StandardCharsets.UTF_8);
        return check(what, http.send(deadline, "POST", "/", body, "text/plain", what));
    }

    /** Turns a ClickHouse error ({@code Code: N, ...} in the body) into a one-line exception. */
    private Response check(String what, Response response) {
        if (response.isSuccess()) {
            return response;
        }
        int code = errorCode(response.text());
        if (UNKNOWN_TABLE_OR_DATABASE.contains(code)) {
            throw errors.missingCollection(what, "table", database + "." + table);
        }
        if (AUTHENTICATION_FAILED.contains(code)) {
            throw errors.credentialsRejected(what, response.describe());
        }
        throw errors.failed(what, response.describe());
    }

    /** The ClickHouse error code in an error body, or -1. */
    static int errorCode(String body) {
        Matcher code = ERROR_CODE.matcher(body);
        return code.find() ? Integer.parseInt(code.group(1)) : -1;
    }

    private static String urlEncode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public void close() {
        http.close();
    }
}
