package io.rtbench.connectors.postgres;

import io.rtbench.connectors.common.TargetApiUtilisation;
import io.rtbench.core.target.TargetConfig;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * PostgreSQL's utilisation over SQL (docs/MEASUREMENT.md, "Target utilisation"): disk from
 * {@code pg_database_size(current_database())}, the files of the target's database. CPU and resident memory are
 * absent: PostgreSQL's statistics views ({@code pg_stat_*}) count rows, blocks and time spent in statements, not the
 * server's CPU or memory.
 */
final class PostgresUtilisation extends TargetApiUtilisation {

    private static final String SQL = "SELECT pg_database_size(current_database())";

    private ConnectionPool pool;

    PostgresUtilisation(TargetConfig config) {
        super(config);
    }

    @Override
    public Reading read() {
        if (pool == null) {
            PostgresUrl url = PostgresUrl.parse(config.requireUrl());
            pool = new ConnectionPool(
                    new org.postgresql.Driver(),
                    url.jdbcUrl(),
                    PostgresTarget.properties(config, url),
                    1,
                    config.timeout());
        }
        Connection connection = null;
        boolean broken = false;
        try {
            connection = pool.borrow(System.nanoTime() + config.timeout().toNanos());
            try (Statement statement = connection.createStatement();
                    ResultSet size = statement.executeQuery(SQL)) {
                size.next();
                return new Reading(null, null, size.getLong(1));
            }
        } catch (SQLException e) {
            broken = true;
            throw new IllegalStateException("pg_database_size: " + e.getMessage(), e);
        } catch (ConnectionPool.Exhausted e) {
            throw new IllegalStateException("pg_database_size: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading pg_database_size", e);
        } finally {
            if (connection != null) {
                pool.giveBack(connection, broken);
            }
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
