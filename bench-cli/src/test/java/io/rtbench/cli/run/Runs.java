package io.rtbench.cli.run;

import io.rtbench.core.engine.Engine;
import io.rtbench.core.engine.StatusLine;
import io.rtbench.core.engine.StepSource;
import io.rtbench.core.result.RunResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.Servers;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

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
        String name = (pipeline + "_" + target + "_"
                        + UUID.randomUUID().toString().substring(0, 8))
                .replace('-', '_')
                .toLowerCase(Locale.ROOT);
        RunSpecBuilder spec = new RunSpecBuilder();
        spec.target = target;
        spec.pipeline = pipeline;
        spec.servers = "external";
        spec.targetUrl = database == null ? "reference://" + name : database.address();
        spec.bootstrapServers = kafka.address();
        spec.connectUrl = connect == null ? null : connect.address();
        spec.collection = name;
        spec.topic = "events." + name;
        spec.rates = List.of("500/s");
        spec.batchSize = 50;
        spec.warmup = "1s";
        spec.duration = "4s";
        spec.probeInterval = "250ms";
        spec.drainTimeout = "20s";
        spec.result = dir.resolve(name + ".json").toString();
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

    static String pluginPath() {
        return System.getProperty(RunLauncher.CONNECT_PLUGIN_PROPERTY);
    }

    static StatusLine quiet() {
        return new StatusLine(new PrintStream(OutputStream.nullOutputStream()), false);
    }
}
