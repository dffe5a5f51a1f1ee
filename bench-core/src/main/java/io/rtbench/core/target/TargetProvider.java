package io.rtbench.core.target;

import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.utilisation.UtilisationSource;
import java.net.URI;
import java.util.Optional;
import java.util.Set;

/**
 * A target driver: creates {@link Target}s of one kind and says what the rest of rtbench needs to know about it.
 * Registered in {@code META-INF/services/io.rtbench.core.target.TargetProvider}; the command line's kind lists, the
 * Connect plugin's validator and the servers a local run starts all come from the registered providers (see
 * docs/ADDING-A-TARGET.md).
 */
public interface TargetProvider {

    /** The kind name used on the command line, e.g. {@code opensearch}: lower-case letters and digits. */
    String kind();

    /** One line for help texts, e.g. {@code OpenSearch 2.x/3.x over its REST API}. */
    String description();

    /**
     * The kind of real server this target runs on, as {@code rtbench servers} names it (e.g. {@code clickhouse}): what
     * {@code --servers local} starts for it. Empty for targets inside rtbench's own process ({@code reference},
     * {@code null}), which need no server and no URL.
     */
    default Optional<String> server() {
        return Optional.empty();
    }

    /**
     * The driver options ({@code --target-option NAME=VALUE}) the target takes, e.g. {@code shards}; none by default.
     * Any other name is a usage error before a run starts ({@link Targets#requireOptions}): a misspelt option would
     * otherwise keep its default without a word.
     */
    default Set<String> options() {
        return Set.of();
    }

    /**
     * Reads the values of the driver options as opening a target would, connecting to nothing ({@code config.url()}
     * may be null), so that a bad value is a usage error before any server starts ({@link Targets#requireOptions});
     * nothing to read by default.
     *
     * @throws IllegalArgumentException naming the option and the value expected
     */
    default void checkOptions(TargetConfig config) {}

    /**
     * Checks the form of a target URL the user gave ({@code --target-url}), connecting to nothing, so that a URL the
     * driver cannot use is a usage error before any server starts, not a failure after Kafka has; any form by default
     * (a target inside rtbench's process names itself with it).
     *
     * @throws IllegalArgumentException naming the form expected
     */
    default void checkUrl(URI url) {}

    /**
     * The database's own ingestion from Kafka (pipeline {@code native}), unstarted; empty when the target has none, the
     * default. Connects to nothing, so a caller may ask before any server runs, to refuse pipeline {@code native} for
     * this kind as a usage error: {@code config.url()} may still be null then ({@link NativeIngest#start} needs it).
     *
     * @throws IllegalArgumentException when the config's options for native ingestion are invalid (a usage error)
     */
    default Optional<NativeIngest> nativeIngest(TargetConfig config) {
        return Optional.empty();
    }

    /**
     * The class of the targets {@link #open} returns. The interfaces it implements say which workloads this kind runs
     * ({@link Versioned}: {@code dml}; {@link Readable}: the reads of {@code mixed}; {@link Statements}: {@code rtbench
     * dml}), so that what a kind claims cannot drift from what its targets do.
     */
    Class<? extends Target> targetType();

    /**
     * Why this kind cannot take workload {@code dml} with the given update mode, as one line for a usage error; empty
     * when its targets implement {@link Versioned}. A driver whose targets apply only some modes says so here.
     */
    default Optional<String> dmlRefusal(UpdateMode mode) {
        return Versioned.class.isAssignableFrom(targetType())
                ? Optional.empty()
                : Optional.of(kind() + " does not apply versions and deletes (docs/TARGETS.md); use --workload ingest");
    }

    /**
     * Why this kind cannot run the reads of workload {@code mixed} with the given query, as one line for a usage error;
     * empty when its targets, opened with target option {@code workload=mixed}, implement {@link Readable}.
     */
    default Optional<String> readRefusal(ReadQuery query) {
        return Readable.class.isAssignableFrom(targetType())
                ? Optional.empty()
                : Optional.of(kind() + " has no reads (docs/TARGETS.md); use --workload ingest or dml");
    }

    /**
     * Whether this kind's targets, opened for workload {@code dml}, implement {@link Statements} ({@code rtbench dml}); a
     * usage error otherwise, before any server starts.
     */
    default boolean hasStatements() {
        return Statements.class.isAssignableFrom(targetType());
    }

    /**
     * The target server's utilisation as its own stats API reports it (docs/MEASUREMENT.md, "Target utilisation"), for
     * a server rtbench did not start; unopened until its first reading. Empty when the driver has no such API, the
     * default. Figures the API does not report are absent from its readings, never 0.
     */
    default Optional<UtilisationSource> utilisation(TargetConfig config) {
        return Optional.empty();
    }

    /** Opens a target; may connect lazily, but must reject an unusable configuration with a clear message. */
    Target open(TargetConfig config);
}
