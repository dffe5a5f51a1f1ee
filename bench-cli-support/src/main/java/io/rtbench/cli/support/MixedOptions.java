package io.rtbench.cli.support;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The flags of workload {@code mixed} (docs/GUIDE.md, "Reads under write load"): a picocli mixin of the commands that
 * run it ({@code run}, {@code sweep}, {@code peak}) beside {@link WorkloadOptions}, so that the commands that refuse it
 * do not offer them in their help.
 */
public final class MixedOptions {

    /** The command this mixin is part of: what its user typed, as opposed to the defaults shown in its help. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(
            names = "--read-rate",
            paramLabel = "RATE",
            description = "mixed: reads per second, issued open-loop, e.g. 200/s (or --read-share).")
    String readRate;

    @Option(
            names = "--read-share",
            paramLabel = "SHARE",
            description = "mixed: reads as a share of all operations, e.g. 20%% (or --read-rate).")
    String readShare;

    @Option(
            names = "--users",
            defaultValue = Defaults.USERS,
            paramLabel = "N",
            description = "mixed: keyspace of user_id, drawn per document.")
    String users;

    @Option(
            names = "--read-age",
            defaultValue = Defaults.READ_AGE,
            paramLabel = "DURATION",
            description = "mixed: reads pick events written at least this long ago, each once.")
    String readAge;

    @Option(
            names = "--read-query",
            defaultValue = Defaults.READ_QUERY,
            paramLabel = "point|user-recent|aggregate",
            description = "mixed: by _id, the newest 10 events of a user, or a user's count and average balance.")
    String readQuery;

    @Option(
            names = "--window",
            defaultValue = Defaults.WINDOW,
            paramLabel = "DURATION",
            description = "mixed: latency percentiles per window of this length.")
    String window;

    /** The flags of workload {@code mixed} as given (null: not given), with the run's {@code workload}. */
    public MixedInput input(String workload) {
        return new MixedInput(
                workload,
                given("--read-rate", readRate),
                given("--read-share", readShare),
                given("--users", users),
                given("--read-age", readAge),
                given("--read-query", readQuery),
                given("--window", window));
    }

    private String given(String option, String value) {
        return command == null || Given.of(command).text(option) != null ? value : null;
    }
}
