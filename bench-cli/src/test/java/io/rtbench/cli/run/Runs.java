package io.rtbench.cli.run;

import io.rtbench.core.engine.Engine;
import io.rtbench.core.engine.StatusLine;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.Servers;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/** Short runs against the integration tests' shared servers, through the real runner. */
final class Runs {

    private Runs() {}

    /**
     * A short scenario against external servers: each call gets its own topic and collection, so runs do not see each
     * other's events.
     */
    static RunSpecBuilder external(
            String pipeline,
            String target,
            RunningServer database,
            RunningServer kafka,
            RunningServer connect,
            Path dir) {
        return external(pipeline, target, database, kafka.address(), connect == null ? null : connect.address(), dir);
    }

    /** As above, with Kafka's and Connect's addresses (null: none) rather than the servers. */
    static RunSpecBuilder external(
            String pipeline,
            String target,
            RunningServer database,
            String bootstrapServers,
            String connectUrl,
            Path dir) {
        String name = (pipeline + "_" + target + "_"
                        + UUID.randomUUID().toString().substring(0, 8))
                .replace('-', '_')
                .toLowerCase(Locale.ROOT);
        RunSpecBuilder spec = RunSpecBuilder.defaults();
        spec.target(set -> set.withKind(target));
        spec.run(set -> set.withPipeline(pipeline));
        spec.run(set -> set.withServers("external"));
        spec.target(set -> set.withUrl(URI.create(database == null ? "reference://" + name : database.address())));
        spec.kafka(set -> set.withBootstrapServers(bootstrapServers));
        spec.run(set -> set.withConnectUrl(connectUrl));
        spec.target(set -> set.withCollection(name));
        spec.kafka(set -> set.withTopic("events." + name));
        spec.rates = List.of(Rate.parse("500/s"));
        spec.pacing(set -> set.withBatchSize(50));
        spec.pacing(set -> set.withWarmup(Durations.parse("1s")));
        spec.pacing(set -> set.withDuration(Durations.parse("4s")));
        spec.probe(set -> set.withInterval(Durations.parse("250ms")));
        spec.run(set -> set.withDrainTimeout(Durations.parse("20s")));
        spec.result = dir.resolve(name + ".json");
        return spec;
    }

    static RunResult run(RunSpec spec) {
        return run(spec, new AtomicBoolean());
    }

    static RunResult run(RunSpec spec, AtomicBoolean stop) {
        return run(spec, Servers.provider(Map.of()), RunLauncher.planned(spec), stop);
    }

    /** The pipeline through the engine, as {@code rtbench run} runs it, without a Prometheus endpoint. */
    static RunResult run(RunSpec spec, ServerProvider provider, StepSource steps, AtomicBoolean stop) {
        PipelineAssembly assembly = new PipelineAssembly(spec, provider, pluginPath(), "127.0.0.1", 0);
        return Engine.run(RunLauncher.plan(spec, steps), quiet(), assembly, stop);
    }

    /**
     * Runs {@code work} on a thread of its own, never on the common ForkJoinPool ({@code CompletableFuture.supplyAsync}):
     * the JDK's HttpClient completes the futures of every HTTP call there, and on 2 cores that pool has one worker. A
     * run holding it delays its own probes and writes by seconds, until a blocked call lets the pool add a worker (seen
     * as a bridge that falls behind, and a run that takes 30 s to close).
     */
    static <T> CompletableFuture<T> inBackground(String name, Supplier<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        result.complete(work.get());
                    } catch (Throwable e) {
                        result.completeExceptionally(e);
                    }
                },
                name);
        thread.setDaemon(true);
        thread.start();
        return result;
    }

    static String pluginPath() {
        return System.getProperty(RunLauncher.CONNECT_PLUGIN_PROPERTY);
    }

    static StatusLine quiet() {
        return new StatusLine(new PrintStream(OutputStream.nullOutputStream()), false);
    }
}
