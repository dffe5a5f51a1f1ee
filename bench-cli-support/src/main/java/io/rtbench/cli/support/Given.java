package io.rtbench.cli.support;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * What the user said, in a flag or in the scenario file ({@link ScenarioLayer}), as opposed to a default: an option
 * that means something only with another one ({@code --updates} with {@code --workload dml}) is refused when the user
 * gave it, never for its default.
 */
public final class Given {

    private final CommandSpec command;
    private final ParseResult parsed;

    private Given(CommandSpec command) {
        this.command = command;
        this.parsed = command.commandLine().getParseResult();
    }

    public static Given of(CommandSpec spec) {
        return new Given(spec);
    }

    /** The text given for {@code option}, or null when the user did not give it. */
    public String text(String option) {
        List<String> values = values(option);
        return values == null || values.isEmpty() ? null : values.get(values.size() - 1);
    }

    /** Every text given for {@code option} (a repeated or a split option), or null when the user gave none. */
    public List<String> values(String option) {
        if (onCommandLine(option)) {
            return parsed.matchedOption(option).stringValues();
        }
        String scenario = scenario(option);
        return scenario == null ? null : List.of(scenario);
    }

    /** The typed value of {@code option}, or null when the user did not give it. */
    public <T> T value(String option) {
        if (onCommandLine(option)) {
            return parsed.matchedOption(option).getValue();
        }
        return scenario(option) == null ? null : command.findOption(option).getValue();
    }

    /** Whether {@code option} was given as a flag, which overrides the scenario file. */
    public boolean onCommandLine(String option) {
        return parsed != null && parsed.hasMatchedOption(option);
    }

    private String scenario(String option) {
        OptionSpec spec = command.findOption(option);
        return spec == null
                ? null
                : ScenarioLayer.of(command)
                        .map(layer -> layer.scenarioValue(spec))
                        .orElse(null);
    }
}
