package io.rtbench.connectors.postgres;

import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.core.target.TargetException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.time.Duration;
import javax.net.ssl.SSLException;

/** Turns JDBC failures into the drivers' one-line messages, by SQLState and cause. */
final class PostgresErrors {

    private final TargetErrors errors;
    private final String database;
    private final String table;
    private final Duration timeout;

    PostgresErrors(TargetErrors errors, String database, String table, Duration timeout) {
        this.errors = errors;
        this.database = database;
        this.table = table;
        this.timeout = timeout;
    }

    TargetErrors common() {
        return errors;
    }

    /** Whether the connection that raised {@code e} is unusable (SQLState class 08, or a socket failure). */
    static boolean breaksConnection(SQLException e) {
        String state = e.getSQLState();
        return state == null
                || state.startsWith("08")
                || state.equals("57P01")
                || cause(e, java.io.IOException.class) != null;
    }

    TargetException translate(String what, SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String detail = e.getMessage();
        if (cause(e, ConnectException.class) != null) {
            return errors.unreachable(
                    what, TargetErrors.oneLine(cause(e, ConnectException.class).getMessage()), e);
        }
        if (cause(e, UnknownHostException.class) != null) {
            return errors.unreachable(what, "unknown host", e);
        }
        if (cause(e, SSLException.class) != null) {
            return errors.tls(what, cause(e, SSLException.class));
        }
        if (cause(e, SocketTimeoutException.class) != null || state.equals("57014")) {
            return errors.timedOut(what, timeout, e);
        }
        if (state.startsWith("28")) {
            return errors.credentialsRejected(what, detail);
        }
        if (state.equals("3D000")) {
            return errors.failed(
                    what,
                    "database '" + database + "' does not exist; check the database in" + " --target-url ("
                            + TargetErrors.oneLine(detail) + ")",
                    e);
        }
        if (state.equals("42P01")) {
            return errors.missingCollection(what, "table", table);
        }
        if (state.equals("08001") && detail != null && detail.contains("timed out")) {
            return errors.unreachable(what, "connect timed out after " + timeout.toMillis() + " ms", e);
        }
        return errors.failed(what, detail + (state.isEmpty() ? "" : " (SQLState " + state + ")"), e);
    }

    private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
