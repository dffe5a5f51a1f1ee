package io.rtbench.connectors.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * One HTTP server that a driver talks to ({@code java.net.http}, HTTP/1.1, keep-alive), shared by the HTTP drivers: the
 * base URL, the {@code Authorization} header, the time bound of every call, and the translation of transport failures
 * into one-line {@link TargetException}s. Thread-safe. Internal to the drivers.
 *
 * <p>Every call is bounded by {@link TargetConfig#timeout()} as a whole (connect, request, response body), not only
 * until the response headers. A call that fails on a pooled connection the server had already closed (servers close
 * idle keep-alive connections: ClickHouse after 3 s) is retried once within the same time bound; that is safe because
 * every request the drivers send is idempotent (writes are keyed by {@code _id}).
 */
public final class HttpEndpoint implements AutoCloseable {

    /** A complete HTTP response; any status except 401/403, which {@link #send} turns into an exception. */
    public record Response(int status, byte[] body) {

        public boolean isSuccess() {
            return status >= 200 && status < 300;
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** {@code HTTP 404: <body>} on one line, for messages. */
        public String describe() {
            String text = TargetErrors.oneLine(text());
            return text.isEmpty() ? "HTTP " + status : "HTTP " + status + ": " + text;
        }

        /**
         * The body as JSON, for the servers that answer in JSON, errors too (QuestDB's {@code /exec}, Elasticsearch,
         * OpenSearch).
         *
         * @throws TargetException naming {@code what} when it is not JSON: another server answered, or the answer was
         *     cut off
         */
        public JsonNode json(TargetErrors errors, String what) {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw errors.failed(what, "not a JSON answer (" + describe() + ")", e);
            }
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client;
    private final URI base;
    private final String authorization;
    private final Duration timeout;
    private final TargetErrors errors;

    public HttpEndpoint(TargetConfig config) {
        this.base = requireHttpUrl(config.kind(), config.requireUrl());
        this.timeout = config.timeout();
        this.errors = new TargetErrors(config.kind(), base);
        this.authorization = authorization(config.credentials());
        // HTTP/1.1 explicitly: the default (HTTP/2) makes the client offer an h2c upgrade on plain http, which some
        // servers (ClickHouse 18.16) do not expect.
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    public TargetErrors errors() {
        return errors;
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * Checks that a target URL is {@code http(s)://host[:port][/path]} without credentials, query or fragment, and
     * returns it without a trailing slash.
     *
     * @throws IllegalArgumentException (a usage error) naming the expected form
     */
    public static URI requireHttpUrl(String kind, URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || url.getHost() == null) {
            throw new IllegalArgumentException(kind + ": target URL '" + TargetErrors.display(url)
                    + "' is not an HTTP address; use http://host:port or https://host:port");
        }
        if (url.getRawUserInfo() != null) {
            throw new IllegalArgumentException(
                    kind + ": the target URL must not contain credentials (they would end up in logs"
                            + " and results); set RTBENCH_TARGET_USER and RTBENCH_TARGET_PASSWORD or use a credentials file");
        }
        if (url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new IllegalArgumentException(kind + ": target URL '" + TargetErrors.display(url)
                    + "' must not have a query or fragment; use http://host:port[/path]");
        }
        String path = url.getRawPath() == null ? "" : url.getRawPath().replaceAll("/+$", "");
        return URI.create(scheme + "://" + url.getRawAuthority() + path);
    }

    /** The {@code Authorization} header for the credentials: an API key wins over user/password; null for none. */
    public static String authorization(Credentials credentials) {
        if (credentials.hasApiKey()) {
            return "ApiKey " + credentials.apiKey();
        }
        if (credentials.hasUser()) {
            String password = credentials.password() == null ? "" : credentials.password();
            String pair = credentials.user() + ":" + password;
            return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
        }
        return null;
    }

    /** The deadline of a call that starts now ({@link System#nanoTime()} scale), for calls of several requests. */
    public long deadline() {
        return System.nanoTime() + timeout.toNanos();
    }

    /** {@link #send(long, String, String, byte[], String, String)} for a call of one request. */
    public Response send(String method, String pathAndQuery, byte[] body, String contentType, String what) {
        return send(deadline(), method, pathAndQuery, body, contentType, what);
    }

    /**
     * Sends a request and returns the complete response.
     *
     * @param deadlineNanos when the whole call (maybe several requests) must be done, from {@link #deadline()}
     * @param pathAndQuery appended to the base URL, starting with {@code /}; already URL-encoded
     * @param body the request body, or null for none
     * @param what the operation, for messages (e.g. {@code "probe"})
     * @throws TargetException when the server cannot be reached, does not answer in time, or rejects the credentials
     */
    public Response send(
            long deadlineNanos, String method, String pathAndQuery, byte[] body, String contentType, String what) {
        for (int attempt = 1; ; attempt++) {
            long remainingNanos = deadlineNanos - System.nanoTime();
            try {
                Response response = exchange(request(method, pathAndQuery, body, contentType, remainingNanos));
                if (response.status() == 401 || response.status() == 403) {
                    throw errors.credentialsRejected(what, response.describe());
                }
                return response;
            } catch (IOException e) {
                if (attempt == 1 && isStaleConnection(e) && deadlineNanos - System.nanoTime() > 0) {
                    continue;
                }
                throw translate(what, e);
            } catch (TimeoutException e) {
                throw errors.timedOut(what, timeout, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw errors.failed(what, "interrupted", e);
            }
        }
    }

    private HttpRequest request(String method, String pathAndQuery, byte[] body, String contentType, long nanos) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                .timeout(Duration.ofNanos(Math.max(1, nanos)))
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            builder.header("Content-Type", contentType);
        }
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder.build();
    }

    /** The request's own timeout ends at the response headers; the future's bound covers the body too. */
    private Response exchange(HttpRequest request) throws IOException, TimeoutException, InterruptedException {
        CompletableFuture<HttpResponse<byte[]>> future =
                client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
        try {
            long nanos = request.timeout().orElse(timeout).toNanos();
            HttpResponse<byte[]> response = future.get(nanos, TimeUnit.NANOSECONDS);
            return new Response(response.statusCode(), response.body());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(cause);
        } catch (TimeoutException | InterruptedException e) {
            future.cancel(true);
            throw e;
        }
    }

    private static boolean isStaleConnection(IOException e) {
        return find(e, ConnectException.class) == null
                && find(e, HttpTimeoutException.class) == null
                && find(e, SSLException.class) == null
                && find(e, UnknownHostException.class) == null
                && find(e, UnresolvedAddressException.class) == null;
    }

    /** Most specific cause first: an unresolvable host, for one, surfaces as a ConnectException. */
    private TargetException translate(String what, IOException e) {
        if (find(e, HttpConnectTimeoutException.class) != null) {
            return errors.unreachable(what, "connect timed out after " + timeout.toMillis() + " ms", e);
        }
        if (find(e, UnknownHostException.class) != null || find(e, UnresolvedAddressException.class) != null) {
            return errors.unreachable(what, "unknown host " + base.getHost(), e);
        }
        if (find(e, SSLException.class) != null) {
            return errors.tls(what, find(e, SSLException.class));
        }
        if (find(e, HttpTimeoutException.class) != null) {
            return errors.timedOut(what, timeout, e);
        }
        ConnectException refused = find(e, ConnectException.class);
        if (refused != null) {
            String reason = refused.getMessage() == null ? "connection refused" : refused.getMessage();
            return errors.unreachable(what, reason.toLowerCase(Locale.ROOT), e);
        }
        return errors.failed(what, "I/O error: " + e, e);
    }

    private static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    /** Releases the client's connections (JDK 21+; on 17 they are released when the client is collected). */
    @Override
    public void close() {
        // HttpClient implements AutoCloseable from JDK 21 on; this module compiles for 17, so ask at run time.
        Object closeable = client;
        if (closeable instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                // Closing is best effort: nothing is lost if connections linger until collection.
            }
        }
    }
}
