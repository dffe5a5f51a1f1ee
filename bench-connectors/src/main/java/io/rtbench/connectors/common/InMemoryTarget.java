package io.rtbench.connectors.common;

import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import java.util.function.Supplier;

/**
 * What the targets inside rtbench's own process ({@code null}, {@code reference}) share: a store per collection in
 * {@link InMemoryCollections}, which exists once {@link #ensureCollection()} created it and is otherwise missing with
 * the error a database would give, and no server (docs/TARGETS.md).
 *
 * @param <S> the store of one collection
 */
public abstract class InMemoryTarget<S> implements Target {

    protected final TargetConfig config;
    /** The collection's store, shared with every target of the same URL and collection in this JVM. */
    protected final S store;

    protected final TargetErrors errors;
    /** Updates merge into the stored row ({@code --update-mode patch}) rather than replace it. */
    protected final boolean patch;

    private final InMemoryCollections<S> collections;

    protected InMemoryTarget(TargetConfig config, InMemoryCollections<S> collections, Supplier<S> newStore) {
        this.config = config;
        this.collections = collections;
        this.store = collections.store(config, newStore);
        this.errors = new TargetErrors(config.kind(), InMemoryCollections.database(config));
        this.patch = config.updateMode() == UpdateMode.PATCH;
    }

    @Override
    public final void ensureCollection() {
        collections.create(config);
    }

    /** Fails as a database would when the collection was never created; {@code what} names the failed operation. */
    protected final void requireCollection(String what) {
        if (!collections.exists(config)) {
            throw errors.missingCollection(what, "collection", config.collection());
        }
    }

    @Override
    public String serverVersion() {
        return "in-memory";
    }

    @Override
    public void close() {}
}
