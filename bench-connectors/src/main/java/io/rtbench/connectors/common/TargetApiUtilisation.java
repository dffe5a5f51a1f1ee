package io.rtbench.connectors.common;

import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.utilisation.UtilisationSource;

/**
 * A target server's utilisation as its own stats API reports it (docs/MEASUREMENT.md, "Target utilisation"), named
 * {@code api:<target kind>} in the result; the client it reads with is opened on the first reading.
 */
public abstract class TargetApiUtilisation implements UtilisationSource {

    /** The target whose server is read. */
    protected final TargetConfig config;

    protected TargetApiUtilisation(TargetConfig config) {
        this.config = config;
    }

    @Override
    public final String name() {
        return "api:" + config.kind();
    }
}
