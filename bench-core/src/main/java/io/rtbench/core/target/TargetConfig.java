package io.rtbench.core.target;

import io.rtbench.core.Bounds;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.workload.Workload;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Where and how to reach a target. Built once at the edge (command line, scenario, Connect config).
 *
 * @param kind the driver, e.g. {@code opensearch}
 * @param url the server's address; may be null for targets that need none ({@code null}, {@code reference})
 * @param collection index or table name
 * @param credentials user/password or API key; never printed (see {@link Credentials#toString()})
 * @param timeout upper bound of any single call to the target
 * @param options driver-specific settings (e.g. {@code refresh.interval}, {@code shards}); strings, parsed by the
 *     driver. Two are every driver's, set by the run rather than by hand: {@value #WORKLOAD_OPTION} ({@code dml} for
 *     workload {@code dml}: versioned writes, deletes, the collection laid out for them; {@code mixed}: the collection
 *     laid out for reads by {@code user_id}) and
 *     {@value #UPDATE_MODE_OPTION} ({@code patch}: updates carry only the changed fields)
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

    /** Option naming the workload, {@code ingest} (the default) or {@code dml} (docs/GUIDE.md). */
    public static final String WORKLOAD_OPTION = "workload";
    /** Option naming the update mode of workload {@code dml}: {@code replace} (the default) or {@code patch}. */
    public static final String UPDATE_MODE_OPTION = "update.mode";
    /** The options every driver reads, beside its own. */
    public static final Set<String> COMMON_OPTIONS = Set.of(WORKLOAD_OPTION, UPDATE_MODE_OPTION);

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
        Bounds.positive("--target-timeout", timeout);
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

    /** Whether the collection takes workload {@code dml}: versioned writes and deletes. */
    public boolean dml() {
        return workload().equals("dml");
    }

    /** Whether the collection takes workload {@code mixed}: laid out for reads by {@code user_id} ({@link Readable}). */
    public boolean mixed() {
        return workload().equals("mixed");
    }

    private String workload() {
        String workload = options.getOrDefault(WORKLOAD_OPTION, "ingest").trim();
        if (!workload.equals("ingest") && !workload.equals("dml") && !workload.equals("mixed")) {
            throw new IllegalArgumentException(
                    "target option " + WORKLOAD_OPTION + "=" + workload + " is invalid; expected ingest, dml or mixed");
        }
        return workload;
    }

    /** This config for the run's workload: the drivers read it as {@value #WORKLOAD_OPTION} (docs/TARGETS.md). */
    public TargetConfig forWorkload(Workload workload) {
        if (workload instanceof Workload.Mixed) {
            return forMixed();
        }
        return workload.dml().map(dml -> forDml(dml.updateMode())).orElse(this);
    }

    /** This config for workload {@code mixed}. */
    public TargetConfig forMixed() {
        Map<String, String> withMixed = new TreeMap<>(options);
        withMixed.put(WORKLOAD_OPTION, "mixed");
        return withOptions(withMixed);
    }

    /** How updates of workload {@code dml} are written: whole documents, or patches of a few fields. */
    public UpdateMode updateMode() {
        String mode = options.get(UPDATE_MODE_OPTION);
        return mode == null ? UpdateMode.REPLACE : UpdateMode.fromCliName(mode);
    }

    /** This config for workload {@code dml} with the given update mode. */
    public TargetConfig forDml(UpdateMode mode) {
        Map<String, String> withDml = new TreeMap<>(options);
        withDml.put(WORKLOAD_OPTION, "dml");
        withDml.put(UPDATE_MODE_OPTION, mode.cliName());
        return withOptions(withDml);
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
