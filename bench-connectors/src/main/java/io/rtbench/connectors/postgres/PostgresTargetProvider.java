package io.rtbench.connectors.postgres;

import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.utilisation.UtilisationSource;
import java.util.Optional;

/** Target kind {@code postgres}: see {@link PostgresTarget} for the table, options and queries. */
public final class PostgresTargetProvider implements TargetProvider {

    @Override
    public String kind() {
        return "postgres";
    }

    @Override
    public String description() {
        return "PostgreSQL over JDBC, the document as jsonb";
    }

    @Override
    public Optional<String> server() {
        return Optional.of(kind());
    }

    /** Both update modes: whole rows by a versioned upsert, patches by a versioned jsonb merge. */
    @Override
    public Optional<String> dmlRefusal(UpdateMode mode) {
        return Optional.empty();
    }

    @Override
    public boolean hasStatements() {
        return true;
    }

    /** From the server's own stats ({@link PostgresUtilisation}). */
    @Override
    public Optional<UtilisationSource> utilisation(TargetConfig config) {
        return Optional.of(new PostgresUtilisation(config));
    }

    /** Every query: by the primary key, or through an index on user_id (see PostgresReads). */
    @Override
    public Optional<String> readRefusal(ReadQuery query) {
        return Optional.empty();
    }

    @Override
    public Target open(TargetConfig config) {
        return new PostgresTarget(config);
    }
}
