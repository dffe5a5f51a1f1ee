package io.rtbench.connectors.common;

import io.rtbench.core.target.TargetConfig;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The stores of an in-memory target kind, shared by every {@code Target} of that kind in this JVM: the bridge writes
 * through one instance and the evaluator probes through another, so both must see the same data. A store is named by
 * the target URL (the "database", e.g. {@code reference://calib}; none means {@code <kind>://default}) and
 * {@link TargetConfig#collection()}. Like a table, a collection exists only once {@code ensureCollection} created it;
 * until then probes and audits fail as they would on a real database. Stores live as long as the JVM. Internal to the
 * drivers.
 */
public final class InMemoryCollections<S> {

    private final Map<String, S> stores = new ConcurrentHashMap<>();
    private final Set<String> created = ConcurrentHashMap.newKeySet();

    /** The store of the collection, made with {@code factory} on first use. */
    public S store(TargetConfig config, Supplier<S> factory) {
        return stores.computeIfAbsent(key(config), k -> factory.get());
    }

    /** Marks the collection as existing (ensureCollection). */
    public void create(TargetConfig config) {
        created.add(key(config));
    }

    public boolean exists(TargetConfig config) {
        return created.contains(key(config));
    }

    /** The database part of the name, for messages: the URL, or {@code <kind>://default}. */
    public static String database(TargetConfig config) {
        return config.url() == null ? config.kind() + "://default" : TargetErrors.display(config.url());
    }

    private static String key(TargetConfig config) {
        return database(config) + "#" + config.collection();
    }
}
