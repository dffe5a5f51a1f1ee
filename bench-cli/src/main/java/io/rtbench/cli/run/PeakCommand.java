package io.rtbench.cli.run;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Given;
import io.rtbench.core.engine.Sustained;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.RunResult.Peak;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rtbench peak}: the highest sustained ingest rate of a target, and its data latency there. */
@Command(
        name = "peak",
        modelTransformer = PeakCommand.RatesNotOffered.class,
        description =
                "Find the peak sustainable throughput: raise the rate until a step is not sustained, then bisect.")
public final class PeakCommand implements Callable<Integer> {

    /** The run options' {@code --rate} and {@code --rates}, which peak refuses: its rates are its own. */
    private static final List<String> REFUSED_RATE_OPTIONS = List.of("--rates", "--rate");

    /** Keeps the refused rate options out of {@code peak --help}; they stay parsed, so that giving one is explained. */
    static final class RatesNotOffered implements CommandLine.IModelTransformer {
        @Override
        public CommandLine.Model.CommandSpec transform(CommandLine.Model.CommandSpec command) {
            for (String name : REFUSED_RATE_OPTIONS) {
                CommandLine.Model.OptionSpec offered = command.findOption(name);
                command.remove(offered);
                command.addOption(offered.toBuilder().hidden(true).build());
            }
            return command;
        }
    }

    private static final String CRITERION = "sustained: backlog slope <= max(5 events/s, 2% of the rate) or within 3"
            + " standard errors of 0, achieved rate >= 98% of the target, producer on schedule, nothing lost";

    /** What the result's {@code peak.criterion} says a sustained rate is. */
    static String criterion(int triesPerRate) {
        return triesPerRate == 1
                ? CRITERION
                : CRITERION + "; a rate is not sustained when " + triesPerRate + " tries in a row were not";
    }

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--start-rate", defaultValue = "1MB", paramLabel = "RATE", description = "The first rate tried.")
    String startRate;

    @Option(
            names = "--growth",
            defaultValue = "2",
            paramLabel = "FACTOR",
            description = "Factor between steps until one is not sustained.")
    double growth;

    @Option(names = "--increment", paramLabel = "RATE", description = "Fixed increment instead of --growth, e.g. 2MB.")
    String increment;

    @Option(
            names = "--precision",
            defaultValue = "0.1",
            paramLabel = "FRACTION",
            description = "Bisect until within this fraction of the rate.")
    double precision;

    @Option(
            names = "--max-steps",
            defaultValue = "12",
            paramLabel = "N",
            description = "Give up after this many steps (tries count).")
    int maxSteps;

    @Option(
            names = "--tries",
            defaultValue = "2",
            paramLabel = "N",
            description = "Tries of a rate, in a row, before it counts as not sustained: a step at the edge is one"
                    + " noisy sample (1: judge each rate once).")
    int tries;

    @Mixin
    RunOptions options;

    /** The run's settings, its first step at {@code start}: the search chooses the later ones. */
    RunSpecBuilder builder(Rate start) {
        RunSpecBuilder builder = options.builder();
        builder.rates = List.of(start);
        return builder;
    }

    @Override
    public Integer call() {
        for (String rates : REFUSED_RATE_OPTIONS) {
            if (Given.of(spec).text(rates) != null) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "peak chooses its own rates: give --start-rate (and --growth or --increment), not " + rates);
            }
        }
        Rate start;
        try {
            start = Rate.parse(startRate); // here, so that the error names the flag the user gave (not --rates)
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--start-rate: " + e.getMessage(), e);
        }
        RunSpec run = RunCommand.resolve(spec, builder(start), "peak");
        PeakSearch search;
        try {
            if (increment != null && Given.of(spec).text("--growth") != null) {
                throw new IllegalArgumentException("give --growth or --increment, not both");
            }
            search = new PeakSearch(
                    start, growth, increment == null ? null : Rate.parse(increment), precision, maxSteps, tries);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        RunResult outcome = RunLauncher.launch(
                run, options, spec.commandLine().getOut(), new PeakSteps(run, search, criterion(tries)));
        Peak peak = outcome.peak();
        PrintWriter out = spec.commandLine().getOut();
        if (peak == null) {
            out.println("peak: no step was sustained; try a lower --start-rate");
        } else {
            out.println(String.format(
                    Locale.ROOT,
                    "peak: %,.0f events/s (%.2f MB/s) sustained, step %d",
                    peak.sustainedEventsPerSec(),
                    peak.sustainedBytesPerSec() / 1e6,
                    peak.step()));
            if (peak.notSustainedAbove() != null) {
                out.println("above it, " + Sustained.describe(peak.notSustainedAbove()));
            }
            Sustained.peakBound(peak).ifPresent(out::println);
        }
        RunLauncher.requireMeasured(outcome, run);
        return CommandLines.OK;
    }
}
