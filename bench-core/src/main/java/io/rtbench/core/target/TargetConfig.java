package io.rtbench.core.target;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how to reach a target. Built once at the edge (command line, scenario, Connect config).
 *
 * @param kind the driver, e.g. {@code opensearch}
 * @param url the server's address; may be null for targets that need none ({@code null}, {@code reference})
 * @param collection index or table name
 * @param credentials user/password or API key; never printed (see {@link Credentials#toString()})
 * @param timeout upper bound of any single call to the target
 * @param options driver-specific settings (e.g. {@code refresh.interval}, {@code shards}); strings, parsed by the driver
 */
public record TargetConfig(
        String kind,
        URI url,
        String collection,
        Credentials credentials,
        Duration timeout,
        Map<String, String> options) {

    public static final String DEFAULT_COLLECTION = "rtbench_events";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    public TargetConfig {
        Objects.requireNonNull(kind, "kind");
        if (collection == null || collection.isBlank()) {
            collection = DEFAULT_COLLECTION;
        }
        if (!collection.matches("[a-z0-9_][a-z0-9_.-]*")) {
            throw new IllegalArgumentException("collection '" + collection
                    + "' must be lower-case letters, digits, '_', '.' or '-' (valid as an index and a table name)");
        }
        credentials = credentials == null ? Credentials.NONE : credentials;
        timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        options = options == null ? Map.of() : Map.copyOf(options);
    }

    public static TargetConfig of(String kind, URI url) {
        return new TargetConfig(kind, url, DEFAULT_COLLECTION, Credentials.NONE, DEFAULT_TIMEOUT, Map.of());
    }

    public TargetConfig withCollection(String newCollection) {
        return new TargetConfig(kind, url, newCollection, credentials, timeout, options);
    }

    public TargetConfig withTimeout(Duration newTimeout) {
        return new TargetConfig(kind, url, collection, credentials, newTimeout, options);
    }

    public TargetConfig withOptions(Map<String, String> newOptions) {
        return new TargetConfig(kind, url, collection, credentials, timeout, newOptions);
    }

    public Optional<String> option(String name) {
        return Optional.ofNullable(options.get(name));
    }

    /** The URL, required: fails with a message naming the kind when it is missing. */
    public URI requireUrl() {
        if (url == null) {
            throw new IllegalArgumentException("target '" + kind + "' needs a URL (--target-url)");
        }
        return url;
    }
}
