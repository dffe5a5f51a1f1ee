package io.rtbench.connectors.postgres;

import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.connectors.common.TargetOptionReader;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Readable;
import io.rtbench.core.target.Statements;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.target.WriteResult;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;

/**
 * PostgreSQL over JDBC (pgjdbc).
 *
 * <p>Table {@code <collection>}: {@code _id text primary key, generator_identifier bigint, _event_time bigint (µs),
 * _seq bigint, doc jsonb} (the whole document), with an index on {@code (generator_identifier, _event_time desc)} so
 * that the probe reads one index entry. Writes are {@code INSERT … ON CONFLICT (_id) DO NOTHING}: a re-delivered event
 * is ignored, so the table never holds duplicates. PostgreSQL refuses a batch as a whole (there are no per-row
 * failures). The probe and the audit see every committed row: PostgreSQL's data latency is the commit.
 *
 * <p>Options: {@code pool.size} (default 4) connections at most. Every call is bounded by the target timeout: connect,
 * login and socket reads (pgjdbc's {@code connectTimeout}, {@code loginTimeout}, {@code socketTimeout}, whole seconds,
 * rounded up) and each statement ({@code setQueryTimeout}), and waiting for a free connection.
 *
 * <p>Workload {@code dml} (target option {@code workload=dml}): versioned upserts, deletes as tombstones, see
 * {@link PostgresChanges}; the probe and the audit read live rows only ({@code NOT _deleted}).
 */
final class PostgresTarget implements Target, Versioned, Statements, Readable {

    /** The driver options: {@code pool.size}. */
    static final Set<String> OPTIONS = Set.of("pool.size");

    /**
     * The bound of an audit's scan: 10 minutes at 4 MB/s left a 6.4 GB table whose audit query took 3.2 s on a quiet
     * 2-core machine, and more than the default target timeout of 5 s right after the run (docs/TARGETS.md).
     */
    static final Duration AUDIT_TIMEOUT = Duration.ofMinutes(2);

    private final String table;
    private final String quotedTable;
    private final Duration timeout;
    private final ConnectionPool pool;
    private final PostgresErrors errors;
    private final String insertSql;
    private final PostgresChanges changes;
    private final boolean patch;
    private final boolean mixed;
    private volatile String version;

    /** Option {@code pool.size}: connections, 4 by default. */
    static int poolSize(TargetConfig config) {
        return new TargetOptionReader(config, OPTIONS).integer("pool.size", 4, 1);
    }

    PostgresTarget(TargetConfig config) {
        PostgresUrl url = PostgresUrl.parse(config.requireUrl());
        int poolSize = poolSize(config);
        this.table = config.collection();
        // TargetConfig restricts names to [a-z0-9_.-]: double quotes make '.' and '-' legal and need no escaping.
        this.quotedTable = '"' + table + '"';
        this.timeout = config.timeout();
        this.errors = new PostgresErrors(
                new TargetErrors(config.kind(), url.display()), url.database(), table, config.timeout());
        this.pool = new ConnectionPool(
                new org.postgresql.Driver(), url.jdbcUrl(), properties(config, url), poolSize, config.timeout());
        this.changes = config.dml() ? new PostgresChanges(quotedTable) : null;
        this.patch = config.updateMode() == UpdateMode.PATCH;
        this.mixed = config.mixed();
        this.insertSql = "INSERT INTO " + quotedTable + " (_id, generator_identifier, _event_time, _seq, doc)"
                + " VALUES (?, ?, ?, ?, ?::jsonb) ON CONFLICT (_id) DO NOTHING";
    }

    static Properties properties(TargetConfig config, PostgresUrl url) {
        Properties properties = new Properties();
        if (config.credentials().hasUser()) {
            properties.setProperty("user", config.credentials().user());
        } else if (url.user() != null) {
            properties.setProperty("user", url.user());
        }
        if (config.credentials().password() != null) {
            properties.setProperty("password", config.credentials().password());
        }
        String seconds = Long.toString(socketTimeoutSeconds(config.timeout()));
        properties.setProperty("connectTimeout", seconds);
        properties.setProperty("loginTimeout", seconds);
        properties.setProperty("socketTimeout", seconds);
        properties.setProperty("ApplicationName", "rtbench");
        // Turns a batch of single-row INSERTs into multi-row INSERTs: one statement per up to 128 rows.
        properties.setProperty("reWriteBatchedInserts", "true");
        return properties;
    }

    /** pgjdbc's {@code socketTimeout} (and connect and login timeouts): whole seconds, rounded up. */
    private static long socketTimeoutSeconds(Duration timeout) {
        return Math.max(1, (timeout.toMillis() + 999) / 1000);
    }

    @Override
    public void ensureCollection() {
        List<String> statements = new ArrayList<>(List.of(
                "CREATE TABLE IF NOT EXISTS " + quotedTable
                        + " (_id text PRIMARY KEY, generator_identifier bigint NOT NULL,"
                        + " _event_time bigint NOT NULL, _seq bigint NOT NULL, doc jsonb NOT NULL)",
                "CREATE INDEX IF NOT EXISTS \"" + table + "_generator_time\" ON " + quotedTable
                        + " (generator_identifier, _event_time DESC)"));
        if (changes != null) {
            statements.addAll(1, List.of(changes.addColumns()));
        }
        if (mixed) {
            statements.add(PostgresReads.createIndex(table, quotedTable));
        }
        run("creating table " + table, (connection, seconds) -> {
            try (Statement statement = connection.createStatement()) {
                statement.setQueryTimeout(seconds);
                for (String sql : statements) {
                    executeIfAbsent(statement, sql);
                }
            }
            return null;
        });
    }

    /**
     * Two processes creating the same table at once (the bridge and the evaluator): {@code IF NOT EXISTS} does not
     * lock, so the loser may see a catalog conflict; the object exists then, which is all that was asked.
     */
    private static void executeIfAbsent(Statement statement, String sql) throws SQLException {
        try {
            statement.execute(sql);
        } catch (SQLException e) {
            // 23505 unique_violation (pg_type), 42P07 duplicate_table, 42710 duplicate_object (the table's row type),
            // 42701 duplicate_column (workload dml's columns, added by two processes at once).
            if (!"23505".equals(e.getSQLState())
                    && !"42P07".equals(e.getSQLState())
                    && !"42701".equals(e.getSQLState())
                    && !"42710".equals(e.getSQLState())) {
                throw e;
            }
        }
    }

    @Override
    public WriteResult write(EventBatch batch) {
        if (batch.size() == 0) {
            return WriteResult.allWritten(0);
        }
        if (changes != null) {
            return run("write of " + batch.size() + " changes into table " + table, (connection, seconds) -> {
                changes.write(connection, seconds, batch.events(), patch);
                return WriteResult.allWritten(batch.size());
            });
        }
        return run("insert of " + batch.size() + " events into table " + table, (connection, seconds) -> {
            try (PreparedStatement insert = connection.prepareStatement(insertSql)) {
                insert.setQueryTimeout(seconds);
                for (Event event : batch.events()) {
                    insert.setString(1, event.id());
                    insert.setLong(2, event.generatorId());
                    insert.setLong(3, event.eventTimeMicros());
                    insert.setLong(4, event.seq());
                    insert.setString(5, new String(event.json(), StandardCharsets.UTF_8));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            return WriteResult.allWritten(batch.size());
        });
    }

    @Override
    public OptionalLong newestEventTimeMicros(long generatorId) {
        return run("probe", (connection, seconds) -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT max(_event_time) FROM " + quotedTable
                    + " WHERE generator_identifier = ?" + (changes == null ? "" : " AND NOT _deleted"))) {
                query.setQueryTimeout(seconds);
                query.setLong(1, generatorId);
                try (ResultSet row = query.executeQuery()) {
                    row.next();
                    long newest = row.getLong(1);
                    return row.wasNull() ? OptionalLong.empty() : OptionalLong.of(newest);
                }
            }
        });
    }

    /** Workload {@code mixed}: see {@link PostgresReads}. */
    @Override
    public long read(ReadQuery query, String id, long userId) {
        return run(
                "read",
                (connection, seconds) -> PostgresReads.read(connection, seconds, quotedTable, query, id, userId));
    }

    @Override
    public AuditCounts audit(long generatorId) {
        return runAudit("audit", (connection, seconds) -> {
            try (PreparedStatement query = connection.prepareStatement("SELECT count(*), count(DISTINCT _seq),"
                    + " coalesce(max(_seq), -1) FROM " + quotedTable + " WHERE generator_identifier = ?")) {
                query.setQueryTimeout(seconds);
                query.setLong(1, generatorId);
                try (ResultSet row = query.executeQuery()) {
                    row.next();
                    return new AuditCounts(row.getLong(1), row.getLong(2), row.getLong(3));
                }
            }
        });
    }

    @Override
    public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
        requireChanges();
        return run(
                "probe of " + ids.size() + " ids",
                (connection, seconds) -> changes.liveVersions(connection, seconds, ids));
    }

    @Override
    public void rows(long generatorId, RowVisitor visitor) {
        requireChanges();
        runAudit("audit of the final state", (connection, seconds) -> {
            changes.rows(connection, seconds, generatorId, visitor);
            return null;
        });
    }

    @Override
    public void insert(List<Event> events) {
        requireChanges();
        run("INSERT of " + events.size() + " rows", (connection, seconds) -> {
            changes.insertStatement(connection, seconds, events);
            return null;
        });
    }

    @Override
    public void update(Event event) {
        requireChanges();
        run("UPDATE of one row", (connection, seconds) -> {
            changes.updateStatement(connection, seconds, event);
            return null;
        });
    }

    @Override
    public void delete(Event event) {
        requireChanges();
        run("DELETE of one row", (connection, seconds) -> {
            changes.deleteStatement(connection, seconds, event);
            return null;
        });
    }

    @Override
    public Map<String, Long> visibleSeqs(long generatorId, List<String> ids) {
        requireChanges();
        return run(
                "query of " + ids.size() + " ids",
                (connection, seconds) -> changes.visibleSeqs(connection, seconds, ids));
    }

    /** Autocommit: each statement is its own transaction, visible once it returns. */
    @Override
    public Map<String, String> describe() {
        return Map.of(
                "insert", PostgresChanges.INSERT_ROWS.replace("%t", quotedTable),
                "update", PostgresChanges.UPDATE_BY_KEY.replace("%t", quotedTable),
                "delete", PostgresChanges.DELETE_BY_KEY.replace("%t", quotedTable),
                "visible", PostgresChanges.VISIBLE.replace("%t", quotedTable));
    }

    private void requireChanges() {
        if (changes == null) {
            throw new IllegalStateException("the table was opened for workload ingest (target option workload=dml)");
        }
    }

    @Override
    public String serverVersion() {
        String known = version;
        if (known == null) {
            known = run(
                    "reading the server version",
                    (connection, seconds) -> connection.getMetaData().getDatabaseProductVersion());
            version = known;
        }
        return known;
    }

    @Override
    public void close() {
        pool.close();
    }

    /** Something to do with a pooled connection, its statements bounded by {@code seconds}. */
    private interface Work<T> {
        T on(Connection connection, int seconds) throws SQLException;
    }

    /** Runs {@code work} on a pooled connection; waiting for it and the statements share one time bound. */
    private <T> T run(String what, Work<T> work) {
        return run(what, timeout, work);
    }

    /**
     * An audit counts a generator's rows by scanning the table, which grows with the run: it is bounded by
     * {@link #AUDIT_TIMEOUT} when that is longer than the target timeout (statement and socket alike).
     */
    private <T> T runAudit(String what, Work<T> work) {
        if (AUDIT_TIMEOUT.compareTo(timeout) <= 0) {
            return run(what, timeout, work);
        }
        return run(what, AUDIT_TIMEOUT, (connection, seconds) -> {
            connection.setNetworkTimeout(Runnable::run, Math.toIntExact(AUDIT_TIMEOUT.toMillis()));
            try {
                return work.on(connection, seconds);
            } finally {
                connection.setNetworkTimeout(Runnable::run, Math.toIntExact(socketTimeoutSeconds(timeout) * 1000));
            }
        });
    }

    private <T> T run(String what, Duration timeout, Work<T> work) {
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        Connection connection;
        try {
            connection = pool.borrow(deadlineNanos);
        } catch (SQLException e) {
            throw errors.translate(what, e);
        } catch (ConnectionPool.Exhausted e) {
            throw errors.common().failed(what, "no free connection: " + e.getMessage() + "; raise pool.size", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw errors.common().failed(what, "interrupted", e);
        }
        boolean broken = false;
        try {
            // pgjdbc counts statement timeouts in whole seconds: round up, so that a call never fails early.
            long remainingNanos = Math.max(0, deadlineNanos - System.nanoTime());
            return work.on(connection, (int) Math.max(1, (remainingNanos + 999_999_999) / 1_000_000_000));
        } catch (SQLException e) {
            broken = PostgresErrors.breaksConnection(e);
            throw errors.translate(what, e);
        } catch (RuntimeException e) {
            broken = true;
            throw e instanceof TargetException ? e : errors.common().failed(what, e.toString(), e);
        } finally {
            pool.giveBack(connection, broken);
        }
    }
}
