package io.rtbench.cli.run;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.Servers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The pipeline bar of docs/BENCHMARKS.md, measured with rtbench itself ({@code tools/bench-pipeline}): {@code kafka-bridge}
 * adds at most 5 ms to {@code data} p50 versus {@code direct}, at the same rate into the same target. Both pipelines
 * run alternately against one local Kafka and one local target, for several rounds; the medians are compared.
 *
 * <p>Arguments: {@code [TARGET=postgres] [RATE=2000/s] [DURATION=30s] [ROUNDS=3] [BRIDGE_LINGER=the default]}.
 */
public final class PipelineBenchmark {

    private static final double BAR_MS = 5.0;

    private PipelineBenchmark() {}

    public static void main(String[] args) throws Exception {
        String target = args.length > 0 ? args[0] : "postgres";
        String rate = args.length > 1 ? args[1] : "2000/s";
        String duration = args.length > 2 ? args[2] : "30s";
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        String bridgeLinger = args.length > 4 ? args[4] : null; // null: the runner's default
        ServerKind kind = ServerKind.fromCliName(target);
        Path dir = Files.createTempDirectory("rtbench-pipeline-bench");
        ServerProvider provider = Servers.provider(System.getenv());
        try (RunningServer kafka = provider.start(ServerKind.KAFKA, ServerConfig.DEFAULT);
                RunningServer db = provider.start(kind, ServerConfig.DEFAULT)) {
            System.out.printf(
                    Locale.ROOT,
                    "%s %s, Kafka %s, %s for %s per run, %d rounds, %d cpus%n%n",
                    target,
                    db.version(),
                    kafka.version(),
                    rate,
                    duration,
                    rounds,
                    Runtime.getRuntime().availableProcessors());
            System.out.println(
                    "| round | pipeline | data p50 | p99 | query p50 | kafkaHop p50 | sinkWrite p50 | landed |");
            System.out.println("|---|---|---|---|---|---|---|---|");
            List<Double> direct = new ArrayList<>();
            List<Double> bridge = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                direct.add(measure(round, "direct", target, rate, duration, null, db, kafka, dir));
                bridge.add(measure(round, "kafka-bridge", target, rate, duration, bridgeLinger, db, kafka, dir));
            }
            double added = median(bridge) - median(direct);
            System.out.printf(
                    Locale.ROOT,
                    "%ndata p50, median of %d rounds: direct %.2f ms, kafka-bridge %.2f ms; the bridge adds %+.2f ms"
                            + " (bar <= %.0f ms: %s)%n",
                    rounds,
                    median(direct),
                    median(bridge),
                    added,
                    BAR_MS,
                    added <= BAR_MS ? "met" : "NOT met");
        }
    }

    private static double measure(
            int round,
            String pipeline,
            String target,
            String rate,
            String duration,
            String bridgeLinger,
            RunningServer db,
            RunningServer kafka,
            Path dir) {
        RunSpecBuilder spec = Runs.external(pipeline, target, db, kafka, null, dir);
        spec.rates = List.of(Rate.parse(rate));
        spec.pacing(set -> set.withWarmup(Durations.parse("5s")));
        spec.pacing(set -> set.withDuration(Durations.parse(duration)));
        spec.probe(set -> set.withInterval(Durations.parse("100ms")));
        spec.bridge(set -> set.withLinger(Durations.parse(bridgeLinger)));
        RunResult result = Runs.run(spec.build("unused"));
        StepResult step = result.steps().get(0);
        Map<String, LatencySummary> latency = step.latencyMs();
        System.out.printf(
                Locale.ROOT,
                "| %d | %s | %.2f ms | %.2f ms | %.2f ms | %s | %s | %,d/%,d |%n",
                round,
                pipeline,
                latency.get(Metrics.DATA).p50(),
                latency.get(Metrics.DATA).p99(),
                latency.get(Metrics.QUERY).p50(),
                p50(latency.get(Metrics.KAFKA_HOP)),
                p50(latency.get(Metrics.SINK_WRITE)),
                step.events().landed(),
                step.events().produced());
        return latency.get(Metrics.DATA).p50();
    }

    private static String p50(LatencySummary summary) {
        return summary == null ? "-" : String.format(Locale.ROOT, "%.2f ms", summary.p50());
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
