package io.rtbench.cli.run;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.Defaults;
import io.rtbench.cli.support.DocumentOptions;
import io.rtbench.cli.support.Given;
import io.rtbench.cli.support.ResultOptions;
import io.rtbench.cli.support.TailoredOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.engine.Engine;
import io.rtbench.core.engine.RunPlan;
import io.rtbench.core.engine.StatusLine;
import io.rtbench.core.engine.Step;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.Durations;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.Servers;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rtbench dml}: the statement benchmark (docs/GUIDE.md, "Statements"), the engine running one step with
 * the servers and the {@link StatementsStage}; prints the statement table ({@link StatementTable}) and the statements the
 * target ran.
 */
@Command(
        name = "dml",
        description = "INSERT, UPDATE and DELETE statements one at a time on a prefilled collection:"
                + " statement latency and the time until a fresh query sees each change.")
public final class DmlCommand implements Callable<Integer>, TailoredOptions {

    private static final Duration TARGET_TIMEOUT = Duration.ofSeconds(30);

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    TargetOptions target;

    @Option(
            names = "--servers",
            defaultValue = Defaults.SERVERS,
            paramLabel = "local|external",
            description = "Start the database here (local) or use --target-url (external).")
    String servers;

    @Option(names = "--prefill", paramLabel = "N", description = "Rows written first, as fast as possible, unmeasured.")
    long prefill;

    @Option(names = "--repeat", paramLabel = "N", description = "Statements of each kind and batch size.")
    int repeat;

    @Option(
            names = "--insert-batches",
            split = ",",
            paramLabel = "ROWS",
            description = "Rows per INSERT, one set of INSERTs per size.")
    List<Integer> insertBatches;

    @Mixin
    DocumentOptions document;

    @Option(
            names = "--visibility-timeout",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "A change not visible by then fails the run.")
    Duration visibilityTimeout;

    @Mixin
    ResultOptions output;

    @Override
    public Integer call() {
        RunSpec run;
        StatementPlan plan;
        try {
            String kind = target.requireKind();
            if (!Targets.provider(kind).hasStatements()) {
                throw new IllegalArgumentException("--target " + kind + " has no statements for rtbench dml; one of "
                        + String.join(", ", withStatements()));
            }
            plan = new StatementPlan(
                    prefill, repeat, insertBatches, document.docSize(), document.seed(), visibilityTimeout);
            run = spec(kind);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        AtomicReference<Map<String, String>> statements = new AtomicReference<>(Map.of());
        RunResult result = run(run, plan, Servers.provider(System.getenv()), StatusLine.onStdout(), statements);
        PrintWriter out = spec.commandLine().getOut();
        StatementTable.print(result, statements.get(), out);
        out.println("result: " + run.result().toAbsolutePath());
        RunLauncher.writeReport(run.result(), out);
        out.flush();
        return CommandLines.OK;
    }

    /** The targets with statements, read from the registered providers. */
    private static List<String> withStatements() {
        return Targets.providers().values().stream()
                .filter(TargetProvider::hasStatements)
                .map(TargetProvider::kind)
                .toList();
    }

    /** {@code --target} offers only the targets with statements, and is required: there is no default to run. */
    @Override
    public void tailor(CommandLine.Model.CommandSpec command) {
        TailoredOptions.replace(
                command,
                "--target",
                option -> option.completionCandidates(withStatements()).required(true));
    }

    private RunSpec spec(String kind) {
        RunSpecBuilder builder = RunSpecBuilder.defaults()
                .target(target)
                .target(given -> given.withKind(kind))
                .run(run -> run.withPipeline("direct").withServers(servers))
                .pacing(pacing -> pacing.withDocument(document.docSize(), document.seed()));
        builder.result = output.result();
        // A fresh collection unless --collection names one (the benchmark starts from a fresh table).
        if (!Given.of(spec).onCommandLine("--collection")) {
            String fresh = "rtbench_dml_" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss"));
            builder.target(given -> given.withCollection(fresh));
        }
        return builder.build(RunCommand.defaultResult("dml"));
    }

    /** The statements through the engine: the servers, then the stage; one step that ends when they are done. */
    static RunResult run(
            RunSpec run,
            StatementPlan plan,
            ServerProvider provider,
            StatusLine status,
            AtomicReference<Map<String, String>> statements) {
        RunPlan engine = new RunPlan(
                scenario(run, plan),
                run.result(),
                0,
                1,
                run.pacing().docSize(),
                StepSource.of(List.of(Step.observing(null))));
        return Engine.run(engine, status, resources -> {
            RunServers servers = resources.add(RunServers.start(run, provider, null, resources::progress));
            TargetConfig config = new TargetConfig(
                            run.target().kind(),
                            servers.targetUrl(),
                            run.target().collection(),
                            servers.credentials(),
                            TARGET_TIMEOUT,
                            run.target().options())
                    .forDml(UpdateMode.REPLACE);
            resources.progress("opening " + run.target().kind() + " collection "
                    + run.target().collection());
            StatementsStage stage = resources.add(new StatementsStage(config, plan, EpochClock.SYSTEM));
            statements.set(stage.describe());
        });
    }

    static Scenario scenario(RunSpec run, StatementPlan plan) {
        Map<String, Object> more = new TreeMap<>();
        more.put("workload", "dml-statements");
        more.put("servers", run.run().localServers() ? "local" : "external");
        more.put("repeat", plan.repeat());
        more.put("insertBatches", plan.insertBatches());
        more.put("visibilityTimeout", Durations.format(plan.visibleTimeout()));
        run.target().describe(more);
        return new Scenario(
                run.target().kind(),
                "direct",
                plan.insertBatches().get(0),
                1,
                plan.docSize(),
                plan.seed(),
                plan.prefill(),
                more);
    }
}
