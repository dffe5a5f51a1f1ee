package io.rtbench.cli.run;

import io.rtbench.cli.support.PacingOptions;
import io.rtbench.cli.support.RepetitionOptions;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.time.Durations;
import io.rtbench.producer.Destination;
import io.rtbench.producer.KafkaDestination;
import io.rtbench.producer.PacingSettings;
import io.rtbench.producer.ProducerSettings;
import java.util.Map;
import java.util.TreeMap;

/** How a {@link RunSpec} becomes the producer's settings and the result file's scenario. */
final class RunSpecMapping {

    /** The partitions of a topic rtbench creates (an existing topic keeps its own). */
    static final int TOPIC_PARTITIONS = KafkaDestination.DEFAULT_PARTITIONS;

    private RunSpecMapping() {}

    static ProducerSettings producer(RunSpec spec, String bootstrapServers, TargetConfig target) {
        // The pacing here only carries what the session needs; the runner gives each phase its rate and length.
        PacingOptions.Settings given = spec.pacing();
        PacingSettings pacing = new PacingSettings(
                spec.rates().get(0),
                spec.batchSizes().get(0),
                given.generators(),
                given.duration(),
                given.prefill(),
                0);
        GeneratorSettings generator = new GeneratorSettings(given.seed(), given.docSize());
        if (spec.pipeline() == Pipeline.DIRECT) {
            return new ProducerSettings(pacing, generator, new Destination.Direct(target), spec.workload());
        }
        KafkaDestination kafka = new KafkaDestination(
                bootstrapServers,
                spec.kafka().topic(),
                KafkaDestination.KeyMode.ID,
                spec.kafka().clientConfig(),
                TOPIC_PARTITIONS,
                KafkaDestination.DEFAULT_ANNOUNCE_TOPIC,
                spec.start().connectTimeout(),
                spec.values().valueFormat(),
                spec.run().retryTimeout());
        return new ProducerSettings(pacing, generator, kafka, spec.workload());
    }

    static Scenario scenario(RunSpec spec) {
        return scenario(spec, 0);
    }

    /**
     * The run's settings as its result records them: each option group's keys ({@link RunSpec#parts}), and what spans
     * groups: the steps, the workload, the length of an iteration.
     *
     * @param workers the worker hosts that produced and probed ({@code --workers}); 0: this host did
     */
    static Scenario scenario(RunSpec spec, int workers) {
        Map<String, Object> more = new TreeMap<>();
        spec.parts().forEach(part -> part.describe(more));
        if (workers > 0) {
            more.put("workers", workers);
        }
        more.put("rates", spec.rates().stream().map(Object::toString).toList());
        more.put("batchSizes", spec.batchSizes());
        RepetitionOptions.Settings repetitions = spec.repetitions();
        if (repetitions.repeated()) {
            more.put(
                    "iterationTime",
                    Durations.format(repetitions
                            .repetitions()
                            .iterationLength(spec.pacing().duration())));
            if (repetitions.iterationTime() != null) {
                // with --iteration-time the windows make the measured phase, and --duration plays no part
                more.remove("duration");
            }
        }
        if (!spec.faults().isEmpty()) {
            more.put("fault", spec.faults().stream().map(Object::toString).toList());
        }
        describeWorkload(spec, more);
        return new Scenario(
                spec.target().kind(),
                spec.pipeline().cliName(),
                spec.batchSizes().get(0),
                spec.pacing().generators(),
                spec.pacing().docSize(),
                spec.pacing().seed(),
                spec.pacing().prefill(),
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
}
