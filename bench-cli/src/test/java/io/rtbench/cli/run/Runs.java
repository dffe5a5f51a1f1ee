package io.rtbench.cli.run;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.cli.support.StatusLine;
import io.rtbench.core.result.RunResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.Servers;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
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
        if (target.equals("postgres")) {
            spec.credentialsFile = postgresCredentials(dir).toString();
        }
        return spec;
    }

    /** The local PostgreSQL clusters' role. */
    private static Path postgresCredentials(Path dir) {
        try {
            return Files.writeString(dir.resolve("pg.properties"), "user=rtbench\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RunResult run(RunSpec spec) {
        return run(spec, new AtomicBoolean());
    }

    static RunResult run(RunSpec spec, AtomicBoolean stop) {
        try (BenchmarkSession session = BenchmarkSession.open(
                spec, Servers.provider(Map.of()), pluginPath(), new SimpleMeterRegistry(), quiet(), stop)) {
            session.runSteps(spec.steps());
            return session.finish();
        }
    }

    static String pluginPath() {
        return System.getProperty(RunLauncher.CONNECT_PLUGIN_PROPERTY);
    }

    static StatusLine quiet() {
        return new StatusLine(new PrintStream(OutputStream.nullOutputStream()), false);
    }
}
