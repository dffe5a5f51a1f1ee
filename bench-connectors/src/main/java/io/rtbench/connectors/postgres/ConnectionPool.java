package io.rtbench.connectors.postgres;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A few JDBC connections shared by the threads of one target (the bridge's writers, the evaluator's probes). At most
 * {@code size} connections exist; a borrower waits at most the target's timeout for one. Connections that failed with
 * a connection-level error are closed instead of returned. No pooling library: the target needs only borrow and
 * return, and a connector plugin should not drag one in.
 */
final class ConnectionPool implements AutoCloseable {

    /** Thrown by {@link #borrow} when every connection stayed busy for the whole timeout. */
    static final class Exhausted extends Exception {
        private static final long serialVersionUID = 1L;

        Exhausted(String message) {
            super(message);
        }
    }

    private final Driver driver;
    private final String jdbcUrl;
    private final Properties properties;
    private final Duration timeout;
    private final int size;
    private final Semaphore permits;
    private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();
    private volatile boolean closed;

    ConnectionPool(Driver driver, String jdbcUrl, Properties properties, int size, Duration timeout) {
        this.driver = driver;
        this.jdbcUrl = jdbcUrl;
        this.properties = properties;
        this.timeout = timeout;
        this.size = size;
        this.permits = new Semaphore(size, true);
    }

    /**
     * An idle connection, or a new one; the caller must {@link #giveBack} it.
     *
     * @param deadlineNanos how long to wait for a free connection ({@link System#nanoTime()} scale)
     */
    Connection borrow(long deadlineNanos) throws SQLException, Exhausted, InterruptedException {
        if (closed) {
            throw new SQLException("the target is closed", "08003");
        }
        if (!permits.tryAcquire(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS)) {
            throw new Exhausted("all " + size + " connections stayed busy for " + timeout.toMillis() + " ms");
        }
        try {
            Connection connection = idle.pollFirst();
            return connection != null ? connection : driver.connect(jdbcUrl, properties);
        } catch (SQLException | RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    /** Returns a borrowed connection; a broken one is closed, so that the next borrower opens a fresh one. */
    void giveBack(Connection connection, boolean broken) {
        try {
            if (broken || closed) {
                closeQuietly(connection);
            } else {
                idle.offerFirst(connection);
            }
        } finally {
            permits.release();
        }
    }

    @Override
    public void close() {
        closed = true;
        Connection connection;
        while ((connection = idle.pollFirst()) != null) {
            closeQuietly(connection);
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // The connection is being discarded: nothing to do about a failure to close it.
        }
    }
}
