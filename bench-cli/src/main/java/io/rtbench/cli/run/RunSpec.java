package io.rtbench.cli.run;

import io.rtbench.cli.support.BridgeOptions;
import io.rtbench.cli.support.KafkaOptions;
import io.rtbench.cli.support.PacingOptions;
import io.rtbench.cli.support.ProbeOptions;
import io.rtbench.cli.support.RepetitionOptions;
import io.rtbench.cli.support.ScenarioPart;
import io.rtbench.cli.support.StartOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.workload.Workload;
import io.rtbench.producer.ValueFormatOptions;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A fully resolved run (defaults < scenario YAML < command-line flags, see {@link RunSpecBuilder}): what to measure,
 * where, and how. One step per rate × batch size. Each option group's settings are its own typed record, made and
 * checked by the group's mixin, which also writes the group's keys into the result's scenario ({@link #parts}); what
 * spans groups (the steps, the workload, the addresses a pipeline needs) is resolved here and in
 * {@link RunSpecBuilder#build}.
 *
 * @param run the pipeline, its servers, connector and timeouts ({@link RunOptions.Settings})
 * @param kafka the brokers, the topic and the Kafka client properties (TLS, SASL …) for the producer, the bridge and
 *     the backlog sampler; the properties are never shown in the result
 * @param values the Kafka record values: the document, or Connect's JSON envelope for sinks that need a schema
 * @param pacing the producer's pacing and documents; its rate and batch size are those of the first step
 * @param rates the steps' rates
 * @param batchSizes the steps' batch sizes
 * @param start how long Kafka and the target may take to answer at the start
 * @param bridge the sink's settings: the bridge's ({@code kafka-bridge}); batch size, threads (as tasks) and writes in
 *     flight also for rtbench's Connect sink
 * @param repetitions forks × iterations (docs/MEASUREMENT.md, "Repetitions")
 * @param workload ingest, dml (updates and deletes) or mixed (reads under write load), docs/GUIDE.md
 * @param faults injected into every measured phase ({@code run --fault}; docs/MEASUREMENT.md, "Freshness under faults")
 */
public record RunSpec(
        TargetOptions.Settings target,
        RunOptions.Settings run,
        KafkaOptions.Settings kafka,
        ValueFormatOptions.Settings values,
        PacingOptions.Settings pacing,
        List<Rate> rates,
        List<Integer> batchSizes,
        ProbeOptions.Settings probe,
        StartOptions.Settings start,
        BridgeOptions.Settings bridge,
        Path result,
        RepetitionOptions.Settings repetitions,
        Workload workload,
        List<Fault> faults) {

    public RunSpec {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(repetitions, "repetitions");
        Objects.requireNonNull(workload, "workload");
        rates = List.copyOf(rates);
        batchSizes = List.copyOf(batchSizes);
        faults = faults == null ? List.of() : List.copyOf(faults);
        if (!run.localServers()) {
            requireAddresses(target, run, kafka);
        }
    }

    /** With {@code --servers external}, the addresses the pipeline needs: a usage error before anything starts. */
    private static void requireAddresses(
            TargetOptions.Settings target, RunOptions.Settings run, KafkaOptions.Settings kafka) {
        if (run.pipeline().usesKafka() && kafka.bootstrapServers() == null) {
            throw new IllegalArgumentException("--servers external needs --bootstrap-servers");
        }
        if (target.url() == null && target.provider().server().isPresent()) {
            throw new IllegalArgumentException("--servers external needs --target-url");
        }
        if (run.pipeline() == Pipeline.KAFKA_CONNECT && run.connectUrl() == null) {
            throw new IllegalArgumentException("--servers external with kafka-connect needs --connect-url");
        }
    }

    /** The pipeline from the producer to the target. */
    public Pipeline pipeline() {
        return run.pipeline();
    }

    /**
     * The option groups whose keys the result's scenario records for this run, in order: Kafka's only where the events
     * pass through Kafka, the bridge's only where it is the sink.
     */
    public List<ScenarioPart> parts() {
        List<ScenarioPart> parts = new ArrayList<>(List.of(target, run, values, pacing, probe, start, repetitions));
        if (pipeline() != Pipeline.DIRECT) {
            parts.add(kafka);
        }
        if (pipeline() == Pipeline.KAFKA_BRIDGE) {
            parts.add(bridge);
        }
        return parts;
    }

    /**
     * The run as fork {@code fork} makes it: with several forks each has its own collection and topic (and so its own
     * consumer group or connector, named after the collection), so that no fork reads what an earlier one wrote; a run
     * of one fork keeps the names it was given.
     */
    public RunSpec forFork(int fork) {
        if (repetitions.forks() < 2) {
            return this;
        }
        return withNames(
                target.withCollection(target.collection() + "_fork" + fork),
                kafka.withTopic(kafka.topic() + ".fork" + fork));
    }

    private RunSpec withNames(TargetOptions.Settings named, KafkaOptions.Settings topic) {
        return new RunSpec(
                named,
                run,
                topic,
                values,
                pacing,
                rates,
                batchSizes,
                probe,
                start,
                bridge,
                result,
                repetitions,
                workload,
                faults);
    }

    /** The target's options for this run: the user's, and those of workload {@code dml} (docs/TARGETS.md). */
    public TargetConfig target(URI url, Credentials credentials) {
        return new TargetConfig(
                        target.kind(), url, target.collection(), credentials, run.targetTimeout(), target.options())
                .forWorkload(workload);
    }

    /** The steps in order: every rate, for every batch size. */
    public List<StepPlan> steps() {
        return batchSizes.stream()
                .flatMap(batch -> rates.stream().map(rate -> new StepPlan(rate, batch)))
                .toList();
    }

    /** One step: a rate held for the step's duration, in bursts of {@code batchSize}. */
    public record StepPlan(Rate rate, int batchSize) {}
}
