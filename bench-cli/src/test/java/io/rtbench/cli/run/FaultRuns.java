package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import picocli.CommandLine;

/**
 * One {@code rtbench run --fault} against the PostgreSQL the run starts itself (docs/MEASUREMENT.md, "Freshness under
 * faults"), as the fault ITs make it: the bridge (unless {@code --pipeline} says otherwise) at 500 events/s, 2 s of
 * warmup and 20 s measured (5 s of baseline before a fault at 5 s, one window of Recovery.WINDOW), a probe every 200 ms
 * so that each 5-s window holds about 25 samples.
 */
final class FaultRuns {

    /** What the run wrote: its result, its one step and that step's one fault, and what it printed. */
    record Ran(RunResult result, StepResult step, StepFault fault, String out) {}

    private FaultRuns() {}

    /** Runs with {@code fault} and the flags {@code more}; fails the test unless the run exits 0. */
    static Ran run(Path dir, String prefix, String fault, String... more) throws Exception {
        return run(dir, prefix, "20s", List.of(fault), more);
    }

    /**
     * Runs measuring {@code duration} with {@code faults} and the flags {@code more}; fails the test unless the run
     * exits 0. The fault of {@link Ran} is the first.
     */
    static Ran run(Path dir, String prefix, String duration, List<String> faults, String... more) throws Exception {
        String name = prefix + "_" + UUID.randomUUID().toString().substring(0, 8);
        Path result = dir.resolve(name + ".json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine rtbench = CommandLines.commandLine(new RtbenchCommand());
        rtbench.setOut(new PrintWriter(out, true));
        rtbench.setErr(new PrintWriter(err, true));
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--target",
                "postgres",
                "--servers",
                "local",
                "--collection",
                name,
                "--topic",
                "events." + name,
                "--rate",
                "500/s",
                "--warmup",
                "2s",
                "--duration",
                duration,
                "--probe-interval",
                "200ms",
                "--prometheus-port",
                "0",
                "--result",
                result.toString()));
        faults.forEach(fault -> args.addAll(List.of("--fault", fault)));
        args.addAll(List.of(more));

        int exit = rtbench.execute(args.toArray(String[]::new));

        assertThat(exit).as(err.toString() + out).isEqualTo(CommandLines.OK);
        RunResult written = ResultFiles.read(result);
        StepResult step = written.steps().get(0);
        return new Ran(written, step, step.faults().get(0), out.toString());
    }
}
