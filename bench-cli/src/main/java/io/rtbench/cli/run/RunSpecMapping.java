package io.rtbench.cli.run;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.time.Durations;
import io.rtbench.producer.Destination;
import io.rtbench.producer.KafkaDestination;
import io.rtbench.producer.PacingSettings;
import io.rtbench.producer.ProducerSettings;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** How a {@link RunSpec} becomes the producer's settings and the result file's scenario. */
final class RunSpecMapping {

    /** The partitions of a topic rtbench creates (an existing topic keeps its own). */
    static final int TOPIC_PARTITIONS = KafkaDestination.DEFAULT_PARTITIONS;

    private RunSpecMapping() {}

    static ProducerSettings producer(RunSpec spec, String bootstrapServers, TargetConfig target) {
        // The pacing here only carries what the session needs; the runner gives each phase its rate and length.
        PacingSettings pacing = new PacingSettings(
                spec.rates().get(0), spec.batchSizes().get(0), spec.generators(), spec.duration(), spec.prefill(), 0);
        GeneratorSettings generator = new GeneratorSettings(spec.seed(), spec.docSize());
        if (spec.pipeline() == Pipeline.DIRECT) {
            return new ProducerSettings(pacing, generator, new Destination.Direct(target), spec.workload());
        }
        KafkaDestination kafka = new KafkaDestination(
                bootstrapServers,
                spec.topic(),
                KafkaDestination.KeyMode.ID,
                spec.kafkaConfig(),
                TOPIC_PARTITIONS,
                KafkaDestination.DEFAULT_ANNOUNCE_TOPIC,
                spec.connectTimeout(),
                spec.valueFormat(),
                spec.retryTimeout());
        return new ProducerSettings(pacing, generator, kafka, spec.workload());
    }

    static Scenario scenario(RunSpec spec) {
        return scenario(spec, 0);
    }

    /** @param workers the worker hosts that produced and probed ({@code --workers}); 0: this host did */
    static Scenario scenario(RunSpec spec, int workers) {
        Map<String, Object> more = new TreeMap<>();
        more.put("servers", spec.localServers() ? "local" : "external");
        if (workers > 0) {
            more.put("workers", workers);
        }
        more.put("rates", spec.rates().stream().map(Object::toString).toList());
        more.put("batchSizes", spec.batchSizes());
        more.put("warmup", Durations.format(spec.warmup()));
        if (!spec.repetitions().repeated() || spec.repetitions().iterationTime() == null) {
            // with --iteration-time the windows make the measured phase, and --duration plays no part
            more.put("duration", Durations.format(spec.duration()));
        }
        more.put("probeInterval", Durations.format(spec.probeInterval()));
        more.put("probeTimeout", Durations.format(spec.probeTimeout()));
        more.put("collection", spec.collection());
        more.put("connectTimeout", Durations.format(spec.connectTimeout()));
        more.put("retryTimeout", Durations.format(spec.retryTimeout()));
        more.put("targetTimeout", Durations.format(spec.targetTimeout()));
        more.put("valueFormat", spec.valueFormat().cliName());
        if (spec.repetitions().repeated()) {
            more.put("forks", spec.repetitions().forks());
            more.put("iterations", spec.repetitions().iterations());
            more.put("iterationTime", Durations.format(spec.repetitions().iterationLength(spec.duration())));
            more.put("warmupIterations", spec.repetitions().warmupIterations());
            if (spec.forkServers()) {
                more.put("forkServers", true);
            }
        }
        if (!spec.faults().isEmpty()) {
            more.put("fault", spec.faults().stream().map(Object::toString).toList());
        }
        describeWorkload(spec, more);
        if (!spec.targetOptions().isEmpty()) {
            more.put("targetOptions", spec.targetOptions());
        }
        describePipeline(spec, more);
        return new Scenario(
                spec.target(),
                spec.pipeline().cliName(),
                spec.batchSizes().get(0),
                spec.generators(),
                spec.docSize(),
                spec.seed(),
                spec.prefill(),
                more);
    }

    private static void describeWorkload(RunSpec spec, Map<String, Object> more) {
        more.put("workload", spec.workload().cliName());
        spec.workload().mixed().ifPresent(mixed -> MixedScenario.describe(mixed, more));
        spec.workload().dml().ifPresent(dml -> {
            more.put("updates", DmlSettings.percent(dml.updateShare()));
            more.put("deletes", DmlSettings.percent(dml.deleteShare()));
            more.put("updateMode", dml.updateMode().cliName());
            more.put("minRowAge", Durations.format(dml.minRowAge()));
        });
    }

    private static void describePipeline(RunSpec spec, Map<String, Object> more) {
        if (spec.pipeline() != Pipeline.DIRECT) {
            more.put("topic", spec.topic());
        }
        if (spec.pipeline() == Pipeline.KAFKA_BRIDGE) {
            more.put("bridgeBatchSize", spec.bridge().batchSize());
            more.put("bridgeLinger", Durations.format(spec.bridge().linger()));
            more.put("bridgeThreads", spec.bridge().threads());
            more.put("bridgeMaxInFlight", spec.bridge().maxInFlight());
        }
        if (spec.pipeline() == Pipeline.NATIVE || spec.thirdPartyConnector()) {
            // inside the database, or a connector that reports no per-record timings: absent from the steps, not 0
            more.put("notObservable", List.of(Metrics.KAFKA_HOP, Metrics.SINK_WRITE));
        }
        if (spec.pipeline() == Pipeline.KAFKA_CONNECT) {
            more.put("connector", spec.connector());
        }
    }
}
