package io.rtbench.connectors.clickhouse;

import io.rtbench.connectors.common.HttpEndpoint;
import io.rtbench.connectors.common.HttpEndpoint.Response;
import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.core.target.TargetConfig;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Statements over ClickHouse's plain HTTP interface (see {@link ClickHouseTarget} for why no client library), with its
 * errors ({@code Code: N, …} in the body) turned into one-line exceptions. Shared by the target and the native
 * ingestion of one table. Thread-safe.
 */
final class ClickHouseSql implements AutoCloseable {

    private static final Pattern ERROR_CODE = Pattern.compile("Code: (\\d+)");
    private static final Set<Integer> UNKNOWN_TABLE_OR_DATABASE = Set.of(60, 81);
    /** UNKNOWN_USER, WRONG_PASSWORD, REQUIRED_PASSWORD, IP_ADDRESS_NOT_ALLOWED, AUTHENTICATION_FAILED. */
    private static final Set<Integer> AUTHENTICATION_FAILED = Set.of(192, 193, 194, 195, 516);

    private final HttpEndpoint http;
    private final TargetErrors errors;
    private final String table;

    /** @param table {@code database.table}, named when a statement fails on a missing table */
    ClickHouseSql(TargetConfig config, String table) {
        this.http = new HttpEndpoint(config);
        this.errors = http.errors();
        this.table = table;
    }

    HttpEndpoint http() {
        return http;
    }

    TargetErrors errors() {
        return errors;
    }

    /** Runs a statement within the target timeout, or until {@code deadlineNanos} if that is earlier. */
    Response execute(long deadlineNanos, String what, String sql) {
        byte[] body = sql.getBytes(StandardCharsets.UTF_8);
        long deadline = Math.min(deadlineNanos, http.deadline());
        return check(what, http.send(deadline, "POST", "/", body, "text/plain", what));
    }

    Response execute(String what, String sql) {
        return execute(http.deadline(), what, sql);
    }

    /** Runs a query that returns one row; its columns as text. */
    String[] selectRow(String what, String sql) {
        Response response = execute(what, sql + " FORMAT TabSeparated");
        String text = response.text().strip();
        if (text.isEmpty() || text.indexOf('\n') >= 0) {
            throw errors.failed(what, "expected one row, got '" + TargetErrors.oneLine(text) + "'");
        }
        return text.split("\t", -1);
    }

    /** Runs a query; its rows, each its columns as text (TabSeparated, values without tabs or line breaks). */
    List<String[]> selectRows(String what, String sql) {
        Response response = execute(what, sql + " FORMAT TabSeparated");
        List<String[]> rows = new ArrayList<>();
        for (String line : response.text().split("\n")) {
            if (!line.isEmpty()) {
                rows.add(line.split("\t", -1));
            }
        }
        return rows;
    }

    /** Turns a ClickHouse error ({@code Code: N, ...} in the body) into a one-line exception. */
    Response check(String what, Response response) {
        if (response.isSuccess()) {
            return response;
        }
        int code = errorCode(response.text());
        if (UNKNOWN_TABLE_OR_DATABASE.contains(code)) {
            throw errors.missingCollection(what, "table", table);
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

    @Override
    public void close() {
        http.close();
    }
}
