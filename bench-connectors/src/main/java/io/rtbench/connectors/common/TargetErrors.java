package io.rtbench.connectors.common;

import io.rtbench.core.target.TargetException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

/**
 * Builds the one-line {@link TargetException} messages of all drivers: which target (kind and URL), what failed, and
 * what to check. URLs are shown without user info, query or fragment, and no message ever carries a credential.
 * Internal to the drivers; public only because the drivers live in sibling packages.
 */
public final class TargetErrors {

    private static final int MAX_DETAIL_CHARS = 300;

    private final String where;

    public TargetErrors(String kind, String displayUrl) {
        this.where = displayUrl == null ? kind : kind + " at " + displayUrl;
    }

    public TargetErrors(String kind, URI url) {
        this(kind, url == null ? null : display(url));
    }

    /** The URL as it may appear in messages and logs: scheme, host, port and path only. */
    public static String display(URI url) {
        if (url.isOpaque()) {
            // jdbc:postgresql://host/db: show the inner URL the same way.
            String inner = url.getRawSchemeSpecificPart();
            try {
                return url.getScheme() + ":" + display(new URI(inner));
            } catch (URISyntaxException e) {
                return url.getScheme() + ":…";
            }
        }
        try {
            return new URI(url.getScheme(), null, url.getHost(), url.getPort(), url.getPath(), null, null).toString();
        } catch (URISyntaxException e) {
            return url.getScheme() + "://" + url.getHost();
        }
    }

    /** The server could not be reached at all (connection refused, unknown host, connect timeout). */
    public TargetException unreachable(String what, String reason, Throwable cause) {
        return new TargetException(
                where + ": " + what + " failed: cannot connect (" + reason
                        + "); check that the server is running and that --target-url is right",
                cause);
    }

    /** The server did not answer in time. */
    public TargetException timedOut(String what, Duration timeout, Throwable cause) {
        return new TargetException(
                where + ": " + what + " failed: no answer within " + timeout.toMillis()
                        + " ms; check the server's health and load, or raise --timeout",
                cause);
    }

    /** The server refused the credentials (or has none configured for this client). */
    public TargetException credentialsRejected(String what, String detail) {
        return new TargetException(where + ": " + what + " failed: credentials rejected (" + oneLine(detail)
                + "); check RTBENCH_TARGET_USER and RTBENCH_TARGET_PASSWORD (or RTBENCH_TARGET_API_KEY) "
                + "or the credentials file, and the user's privileges");
    }

    /** The index or table does not exist. */
    public TargetException missingCollection(String what, String noun, String name) {
        return new TargetException(where + ": " + what + " failed: " + noun + " '" + name
                + "' does not exist; check --collection, or create it first (run, bridge and produce --sink do)");
    }

    /** A TLS failure: almost always an untrusted certificate. */
    public TargetException tls(String what, Throwable cause) {
        return new TargetException(
                where + ": " + what + " failed: TLS handshake failed (" + oneLine(String.valueOf(cause.getMessage()))
                        + "); check that the server's certificate is trusted by the JDK trust store "
                        + "(-Djavax.net.ssl.trustStore=…)",
                cause);
    }

    /** Anything else, with the server's own words. */
    public TargetException failed(String what, String detail, Throwable cause) {
        return new TargetException(where + ": " + what + " failed: " + oneLine(detail), cause);
    }

    public TargetException failed(String what, String detail) {
        return failed(what, detail, null);
    }

    /** Collapses whitespace (server messages span lines) and truncates, so a message stays one readable line. */
    public static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        String line = text.replaceAll("\\s+", " ").trim();
        return line.length() <= MAX_DETAIL_CHARS ? line : line.substring(0, MAX_DETAIL_CHARS) + "…";
    }
}
