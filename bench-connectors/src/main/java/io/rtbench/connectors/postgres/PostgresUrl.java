package io.rtbench.connectors.postgres;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * A PostgreSQL target URL: {@code postgresql://[user@]host[:port]/database[?parameters]}, also written
 * {@code postgres://…} or {@code jdbc:postgresql://…}. Parameters (e.g. {@code sslmode=require}) go to the JDBC driver
 * unchanged. A user name may be in the URL (as {@code rtbench servers start postgres} prints it); a password must not,
 * since URLs are printed.
 *
 * @param jdbcUrl what the JDBC driver connects to, without the user
 * @param display the URL for messages: {@code postgresql://host:port/database}
 * @param database the database name, for messages
 * @param user the URL's user name, or null; credentials given otherwise take precedence
 */
record PostgresUrl(String jdbcUrl, String display, String database, String user) {

    static final int DEFAULT_PORT = 5432;

    private static final String EXPECTED = "use postgresql://host:port/database";

    static PostgresUrl parse(URI url) {
        String text = url.toString();
        String withoutJdbc = text.regionMatches(true, 0, "jdbc:", 0, 5) ? text.substring(5) : text;
        URI inner;
        try {
            inner = new URI(withoutJdbc);
        } catch (URISyntaxException e) {
            throw invalid("is not a URL", url);
        }
        String scheme = inner.getScheme() == null ? "" : inner.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("postgresql") && !scheme.equals("postgres") || inner.getHost() == null) {
            throw invalid("is not a PostgreSQL address", inner);
        }
        String userInfo = inner.getUserInfo();
        if (userInfo != null && userInfo.contains(":") || hasParameter(inner.getRawQuery(), "user", "password")) {
            throw new IllegalArgumentException("postgres: the target URL must not contain a password (it would end"
                    + " up in logs and results); set RTBENCH_TARGET_PASSWORD or use a credentials file");
        }
        String database = inner.getPath() == null ? "" : inner.getPath().replaceFirst("^/", "");
        if (database.isEmpty() || database.contains("/")) {
            throw invalid("names no database", inner);
        }
        int port = inner.getPort() == -1 ? DEFAULT_PORT : inner.getPort();
        String hostPort = hostForUrl(inner.getHost()) + ":" + port;
        String display = "postgresql://" + hostPort + "/" + database;
        String query = inner.getRawQuery() == null ? "" : "?" + inner.getRawQuery();
        return new PostgresUrl(
                "jdbc:postgresql://" + hostPort + "/" + inner.getRawPath().substring(1) + query,
                display,
                database,
                userInfo == null || userInfo.isEmpty() ? null : userInfo);
    }

    private static String hostForUrl(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    private static boolean hasParameter(String rawQuery, String... names) {
        if (rawQuery == null) {
            return false;
        }
        for (String pair : rawQuery.split("&")) {
            String name = pair.split("=", 2)[0].toLowerCase(Locale.ROOT);
            for (String forbidden : names) {
                if (name.equals(forbidden)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static IllegalArgumentException invalid(String problem, URI url) {
        String shown = url.getScheme() + "://" + url.getHost() + (url.getPort() == -1 ? "" : ":" + url.getPort())
                + (url.getPath() == null ? "" : url.getPath());
        return new IllegalArgumentException("postgres: target URL '" + shown + "' " + problem + "; " + EXPECTED);
    }
}
