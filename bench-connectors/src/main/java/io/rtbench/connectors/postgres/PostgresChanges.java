package io.rtbench.connectors.postgres;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.Op;
import io.rtbench.core.target.Versioned;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statements of workload {@code dml} on a {@link PostgresTarget} table (docs/TARGETS.md, PostgreSQL).
 *
 * <p>Columns {@code _op}, {@code _version} and {@code _deleted} join the table's; they are added to a table someone
 * else created (the Debezium JDBC sink creates its table from the first record). Inserts, whole-document updates and
 * deletes are one upsert, {@code … ON CONFLICT (_id) DO UPDATE … WHERE t._version < EXCLUDED._version}: a re-delivered
 * or reordered event never overwrites a newer version. A delete keeps its row as a tombstone ({@code _deleted}, the
 * row's {@code _version} remembered) rather than removing it: a removed row forgets its version, and an older insert
 * delivered after the delete (a redelivery after a crash, or an earlier batch still in flight) would bring it back;
 * readers filter {@code NOT _deleted}. A patch is {@code UPDATE … SET doc = doc || patch … WHERE _version < v}: it needs
 * the row it patches, and is dropped without one, as PostgreSQL would.
 *
 * <p>Within one write call the upserts go first, one per {@code _id} (the highest version: a multi-row upsert may not
 * touch a row twice), then the patches in order. The versions make the outcome the same as in event order.
 */
final class PostgresChanges {

    private final String quotedTable;
    private final String upsertSql;
    private final String patchSql;

    PostgresChanges(String quotedTable) {
        this.quotedTable = quotedTable;
        this.upsertSql = "INSERT INTO " + quotedTable
                + " AS t (_id, generator_identifier, _event_time, _seq, doc, _op, _version, _deleted)"
                + " VALUES (?, ?, ?, ?, ?::jsonb, ?, ?, ?) ON CONFLICT (_id) DO UPDATE SET"
                + " generator_identifier = EXCLUDED.generator_identifier, _event_time = EXCLUDED._event_time,"
                + " _seq = EXCLUDED._seq, doc = EXCLUDED.doc, _op = EXCLUDED._op, _version = EXCLUDED._version,"
                + " _deleted = EXCLUDED._deleted WHERE t._version < EXCLUDED._version";
        this.patchSql = "UPDATE " + quotedTable + " SET doc = doc || ?::jsonb, _event_time = ?, _seq = ?,"
                + " _op = 'u', _version = ? WHERE _id = ? AND _version < ?";
    }

    /** Adds the columns of the workload to a table that lacks them (idempotent). */
    String[] addColumns() {
        return new String[] {
            "ALTER TABLE " + quotedTable + " ADD COLUMN IF NOT EXISTS _op text NOT NULL DEFAULT 'i'",
            "ALTER TABLE " + quotedTable + " ADD COLUMN IF NOT EXISTS _version bigint NOT NULL DEFAULT 0",
            "ALTER TABLE " + quotedTable + " ADD COLUMN IF NOT EXISTS _deleted boolean NOT NULL DEFAULT false"
        };
    }

    void write(Connection connection, int seconds, List<Event> events, boolean patchMode) throws SQLException {
        Map<String, Event> upserts = new LinkedHashMap<>();
        List<Event> patches = new ArrayList<>();
        for (Event event : events) {
            if (patchMode && event.op() == Op.UPDATE) {
                patches.add(event);
            } else {
                upserts.merge(event.id(), event, (a, b) -> a.version() >= b.version() ? a : b);
            }
        }
        if (!upserts.isEmpty()) {
            try (PreparedStatement upsert = connection.prepareStatement(upsertSql)) {
                upsert.setQueryTimeout(seconds);
                for (Event event : upserts.values()) {
                    upsert.setString(1, event.id());
                    upsert.setLong(2, event.generatorId());
                    upsert.setLong(3, event.eventTimeMicros());
                    upsert.setLong(4, event.seq());
                    upsert.setString(5, new String(event.json(), StandardCharsets.UTF_8));
                    upsert.setString(6, event.op().letter());
                    upsert.setLong(7, event.version());
                    upsert.setBoolean(8, event.op() == Op.DELETE);
                    upsert.addBatch();
                }
                upsert.executeBatch();
            }
        }
        if (!patches.isEmpty()) {
            try (PreparedStatement patch = connection.prepareStatement(patchSql)) {
                patch.setQueryTimeout(seconds);
                for (Event event : patches) {
                    patch.setString(1, new String(event.json(), StandardCharsets.UTF_8));
                    patch.setLong(2, event.eventTimeMicros());
                    patch.setLong(3, event.seq());
                    patch.setLong(4, event.version());
                    patch.setString(5, event.id());
                    patch.setLong(6, event.version());
                    patch.addBatch();
                }
                patch.executeBatch();
            }
        }
    }

    Map<String, Long> liveVersions(Connection connection, int seconds, List<String> ids) throws SQLException {
        return liveById(
                connection,
                seconds,
                "SELECT _id, _version FROM " + quotedTable + " WHERE _id = ANY(?) AND NOT _deleted",
                ids);
    }

    /** Runs {@code sql}, which selects {@code _id} and a number of the live rows among {@code ids}: id → number. */
    private static Map<String, Long> liveById(Connection connection, int seconds, String sql, List<String> ids)
            throws SQLException {
        Map<String, Long> live = new HashMap<>();
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            query.setQueryTimeout(seconds);
            Array array = connection.createArrayOf("text", ids.toArray());
            query.setArray(1, array);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    live.put(rows.getString(1), rows.getLong(2));
                }
            }
            array.free();
        }
        return live;
    }

    /** {@code rtbench dml}: one INSERT statement of all the rows (a VALUES list), not a JDBC batch. */
    void insertStatement(Connection connection, int seconds, List<Event> events) throws SQLException {
        StringBuilder sql = new StringBuilder("INSERT INTO " + quotedTable
                + " (_id, generator_identifier, _event_time, _seq, doc, _op, _version, _deleted) VALUES ");
        for (int i = 0; i < events.size(); i++) {
            sql.append(i == 0 ? "" : ",").append("(?, ?, ?, ?, ?::jsonb, ?, ?, false)");
        }
        try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
            insert.setQueryTimeout(seconds);
            int p = 1;
            for (Event event : events) {
                insert.setString(p++, event.id());
                insert.setLong(p++, event.generatorId());
                insert.setLong(p++, event.eventTimeMicros());
                insert.setLong(p++, event.seq());
                insert.setString(p++, new String(event.json(), StandardCharsets.UTF_8));
                insert.setString(p++, event.op().letter());
                insert.setLong(p++, event.version());
            }
            insert.executeUpdate();
        }
    }

    /** {@code rtbench dml}: the single-row UPDATE by key. */
    void updateStatement(Connection connection, int seconds, Event event) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(UPDATE_BY_KEY.replace("%t", quotedTable))) {
            update.setQueryTimeout(seconds);
            update.setString(1, new String(event.json(), StandardCharsets.UTF_8));
            update.setLong(2, event.eventTimeMicros());
            update.setLong(3, event.seq());
            update.setLong(4, event.version());
            update.setString(5, event.id());
            update.executeUpdate();
        }
    }

    /** {@code rtbench dml}: the single-row DELETE by key (a real delete: statements need no version to remember). */
    void deleteStatement(Connection connection, int seconds, Event event) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(DELETE_BY_KEY.replace("%t", quotedTable))) {
            delete.setQueryTimeout(seconds);
            delete.setString(1, event.id());
            delete.executeUpdate();
        }
    }

    Map<String, Long> visibleSeqs(Connection connection, int seconds, List<String> ids) throws SQLException {
        return liveById(connection, seconds, VISIBLE.replace("%t", quotedTable), ids);
    }

    static final String INSERT_ROWS =
            "INSERT INTO %t (_id, generator_identifier, _event_time, _seq, doc, _op, _version, _deleted) VALUES (…), …";
    static final String UPDATE_BY_KEY =
            "UPDATE %t SET doc = ?::jsonb, _event_time = ?, _seq = ?, _op = 'u'," + " _version = ? WHERE _id = ?";
    static final String DELETE_BY_KEY = "DELETE FROM %t WHERE _id = ?";
    static final String VISIBLE = "SELECT _id, _seq FROM %t WHERE _id = ANY(?) AND NOT _deleted";

    /** Streams the generator's rows through a cursor (a transaction of its own), so that memory stays flat. */
    void rows(Connection connection, int seconds, long generatorId, Versioned.RowVisitor visitor) throws SQLException {
        connection.setAutoCommit(false);
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT _seq, _deleted FROM " + quotedTable + " WHERE generator_identifier = ?")) {
            query.setQueryTimeout(seconds);
            query.setFetchSize(10_000);
            query.setLong(1, generatorId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    visitor.row(rows.getLong(1), rows.getBoolean(2));
                }
            }
            connection.commit();
        } finally {
            connection.setAutoCommit(true);
        }
    }
}
