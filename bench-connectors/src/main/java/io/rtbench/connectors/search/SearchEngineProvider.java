package io.rtbench.connectors.search;

import io.rtbench.connectors.common.HttpEndpoint;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.utilisation.UtilisationSource;
import java.net.URI;
import java.util.Optional;
import java.util.Set;

/**
 * Target kinds {@code elasticsearch} and {@code opensearch}: one driver, {@link SearchEngineTarget} (index layout,
 * options and queries), that differs only by its {@link Flavour}. Java's ServiceLoader instantiates a provider by its
 * public no-argument constructor, hence one small subclass per flavour.
 */
abstract sealed class SearchEngineProvider implements TargetProvider
        permits ElasticsearchTargetProvider, OpenSearchTargetProvider {

    private final Flavour flavour;
    private final String description;

    SearchEngineProvider(Flavour flavour, String description) {
        this.flavour = flavour;
        this.description = description;
    }

    @Override
    public final String kind() {
        return flavour.kind();
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Class<? extends Target> targetType() {
        return SearchEngineTarget.class;
    }

    @Override
    public final Optional<String> server() {
        return Optional.of(kind());
    }

    /** From the server's own stats ({@link SearchEngineUtilisation}). */
    @Override
    public final Optional<UtilisationSource> utilisation(TargetConfig config) {
        return Optional.of(new SearchEngineUtilisation(config));
    }

    @Override
    public Set<String> options() {
        return IndexSettings.OPTIONS;
    }

    @Override
    public void checkUrl(URI url) {
        HttpEndpoint.requireHttpUrl(kind(), url);
    }

    @Override
    public void checkOptions(TargetConfig config) {
        IndexSettings.from(config);
    }

    @Override
    public final Target open(TargetConfig config) {
        return new SearchEngineTarget(flavour, config);
    }
}
