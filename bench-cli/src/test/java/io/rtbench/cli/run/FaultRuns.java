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
 * One {@code rtbench run --fault} against PostgreSQL (docs/MEASUREMENT.md, "Freshness under faults"), as the fault ITs
 * make it: the bridge at 500 events/s, 2 s of warmup and 20 s measured (5 s of baseline before a fault at 5 s, one
 * window of Recovery.WINDOW), a probe every 200 ms so that each 5-s window holds about 25 samples; on the servers the
 * run starts itself, or on the suite's shared ones; the bridge unless the flags say another {@code --pipeline}.
 */
final class FaultRuns {

    /**
     * What the run wrote: its result (and the file, beside which are its step's interval log and its report), its one
     * step and that step's first fault, and what it printed.
     */
    record Ran(Path resultFile, RunResult result, StepResult step, StepFault fault, String out) {}

    private FaultRuns() {}

    /**
     * Runs with {@code fault} and the flags {@code more} on the servers the run starts, 20 s measured; fails the test
     * unless the run exits 0.
     */
    static Ran run(Path dir, String prefix, String fault, String... more) throws Exception {
        List<String> flags = new ArrayList<>(List.of("--servers", "local", "--duration", "20s", "--fault", fault));
        flags.addAll(List.of(more));
        return run(dir, prefix, flags);
    }

    /**
     * Runs with {@code flags}, which say the servers, the measured phase's length and the faults; fails the test unless
     * the run exits 0.
     */
    static Ran run(Path dir, String prefix, List<String> flags) throws Exception {
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
                "--collection",
                name,
                "--topic",
                "events." + name,
                "--rate",
                "500/s",
                "--warmup",
                "2s",
                "--probe-interval",
                "200ms",
                "--prometheus-port",
                "0",
                "--result",
                result.toString()));
        args.addAll(flags);

        int exit = rtbench.execute(args.toArray(String[]::new));

        assertThat(exit).as(err.toString() + out).isEqualTo(CommandLines.OK);
        RunResult written = ResultFiles.read(result);
        StepResult step = written.steps().get(0);
        return new Ran(result, written, step, step.faults().get(0), out.toString());
    }
}
