package io.rtbench.cli;

import io.rtbench.cli.run.CalibrateCommand;
import io.rtbench.cli.run.DmlCommand;
import io.rtbench.cli.run.PeakCommand;
import io.rtbench.cli.run.QuickstartCommand;
import io.rtbench.cli.run.RunCommand;
import io.rtbench.cli.run.SweepCommand;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.evaluator.EvaluateCommand;
import io.rtbench.hosts.WorkerCommand;
import io.rtbench.producer.ProduceCommand;
import io.rtbench.report.CompareCommand;
import io.rtbench.report.ReportCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code rtbench} command and its subcommands (docs/GUIDE.md). */
@Command(
        name = "rtbench",
        description = "Measures the data latency of real-time databases fed by Apache Kafka.",
        subcommands = {
            QuickstartCommand.class,
            RunCommand.class,
            SweepCommand.class,
            PeakCommand.class,
            CalibrateCommand.class,
            DmlCommand.class,
            ProduceCommand.class,
            BridgeCommand.class,
            EvaluateCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            ServersCommand.class,
            WorkerCommand.class
        })
public final class RtbenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return CommandLines.USAGE;
    }
}
