package io.rtbench.cli.support;

import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A command whose defaults have a layer between rtbench's own and the flags: the scenario file of {@code run},
 * {@code sweep} and {@code peak} (defaults < scenario < flags). {@link Defaults} asks it first. The command, or one of
 * its mixins, is the layer.
 */
public interface ScenarioLayer {

    /** The scenario's value of {@code option} in a flag's grammar, or null when there is no scenario or it is silent. */
    String scenarioValue(OptionSpec option);

    /** The layer of {@code command}: the command itself or one of its mixins; empty for a command without one. */
    static Optional<ScenarioLayer> of(CommandSpec command) {
        if (command.userObject() instanceof ScenarioLayer layer) {
            return Optional.of(layer);
        }
        return command.mixins().values().stream()
                .map(CommandSpec::userObject)
                .filter(ScenarioLayer.class::isInstance)
                .map(ScenarioLayer.class::cast)
                .findFirst();
    }
}
