package io.rtbench.cli.support;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * What the user typed, as opposed to a default: a scenario file's value must give way to a flag the user gave, never to
 * a flag's default (defaults < scenario < flags).
 */
public final class Given {

    private final ParseResult parsed;

    private Given(ParseResult parsed) {
        this.parsed = parsed;
    }

    public static Given of(CommandSpec spec) {
        return new Given(spec.commandLine().getParseResult());
    }

    /** The text given for {@code option}, or null when the user did not give it. */
    public String text(String option) {
        List<String> values = values(option);
        return values == null || values.isEmpty() ? null : values.get(values.size() - 1);
    }

    /** Every text given for {@code option} (a repeated or a split option), or null when the user gave none. */
    public List<String> values(String option) {
        return parsed.hasMatchedOption(option) ? parsed.matchedOption(option).stringValues() : null;
    }

    /** The typed value of {@code option}, or null when the user did not give it. */
    public <T> T value(String option) {
        return parsed.hasMatchedOption(option) ? parsed.matchedOption(option).getValue() : null;
    }
}
