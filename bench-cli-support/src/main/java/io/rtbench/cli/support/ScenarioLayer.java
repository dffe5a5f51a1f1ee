package io.rtbench.cli.support;

import picocli.CommandLine.Model.OptionSpec;

/**
 * A command whose defaults have a layer between rtbench's own and the flags: the scenario file of {@code run},
 * {@code sweep} and {@code peak} (defaults < scenario < flags). {@link Defaults} asks it first.
 */
public interface ScenarioLayer {

    /** The scenario's value of {@code option} in a flag's grammar, or null when there is no scenario or it is silent. */
    String scenarioValue(OptionSpec option);
}
