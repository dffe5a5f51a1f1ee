package io.rtbench.cli.example;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.TargetProvider;

/**
 * A target registered only by this test source set (its services line is in the test resources): what the rest of
 * rtbench must pick up from the SPI alone, with no list or switch edited (docs/ADDING-A-TARGET.md).
 */
public final class ExampleTargetProvider implements TargetProvider {

    static final String KIND = "example";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String description() {
        return "a test source set's own target";
    }

    @Override
    public Class<? extends Target> targetType() {
        return Target.class;
    }

    @Override
    public Target open(TargetConfig config) {
        throw new TargetException("the example target only shows that a registered kind is picked up");
    }
}
