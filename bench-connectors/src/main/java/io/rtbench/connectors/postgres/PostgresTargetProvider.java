package io.rtbench.connectors.postgres;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.utilisation.UtilisationSource;
import java.net.URI;
import java.util.Optional;
import java.util.Set;

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

    /** Versioned (both update modes), statements, and reads by primary key or an index on user_id (PostgresReads). */
    @Override
    public Class<? extends Target> targetType() {
        return PostgresTarget.class;
    }

    @Override
    public Optional<String> server() {
        return Optional.of(kind());
    }

    /** From the server's own stats ({@link PostgresUtilisation}). */
    @Override
    public Optional<UtilisationSource> utilisation(TargetConfig config) {
        return Optional.of(new PostgresUtilisation(config));
    }

    @Override
    public Set<String> options() {
        return PostgresTarget.OPTIONS;
    }

    @Override
    public void checkUrl(URI url) {
        PostgresUrl.parse(url);
    }

    @Override
    public void checkOptions(TargetConfig config) {
        PostgresTarget.poolSize(config);
    }

    @Override
    public Target open(TargetConfig config) {
        return new PostgresTarget(config);
    }
}
