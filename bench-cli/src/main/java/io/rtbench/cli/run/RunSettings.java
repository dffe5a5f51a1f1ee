package io.rtbench.cli.run;

import io.rtbench.cli.run.RunSpec.StepPlan;
import io.rtbench.core.event.DocSizeStats;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.result.StepResult.Backlog;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.time.Durations;
import io.rtbench.evaluator.BacklogSeries;
import io.rtbench.producer.KafkaDestination;
import io.rtbench.producer.PhaseOutcome;
import io.rtbench.producer.ProducerSettings;
import io.rtbench.producer.ProducerStats;
import io.rtbench.producer.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** How a {@link RunSpec} becomes the producer's settings and the result file's scenario and steps. */
final class RunSettings {

    private RunSettings() {}

    static ProducerSettings producer(RunSpec spec, String bootstrapServers, TargetConfig target) {
        // The workload here only carries what the session needs; the runner gives each phase its rate and length.
        Workload workload = new Workload(
                spec.rates().get(0), spec.batchSizes().get(0), spec.generators(), spec.duration(), spec.prefill(), 0);
        GeneratorSettings generator = new GeneratorSettings(spec.seed(), spec.docSize());
        if (spec.pipeline() == Pipeline.DIRECT) {
            return new ProducerSettings(workload, generator, ProducerSettings.Sink.DIRECT, null, target, null);
        }
        KafkaDestination kafka = new KafkaDestination(
                bootstrapServers,
                spec.topic(),
                KafkaDestination.KeyMode.ID,
                spec.kafkaConfig(),
                4,
                KafkaDestination.DEFAULT_ANNOUNCE_TOPIC,
                Duration.ofSeconds(10),
                spec.valueFormat());
        return new ProducerSettings(workload, generator, ProducerSettings.Sink.KAFKA, kafka, null, null);
    }

    static Scenario scenario(RunSpec spec) {
        Map<String, Object> more = new TreeMap<>();
        more.put("servers", spec.localServers() ? "local" : "external");
        more.put("rates", spec.rates().stream().map(Object::toString).toList());
        more.put("batchSizes", spec.batchSizes());
        more.put("warmup", Durations.format(spec.warmup()));
        more.put("duration", Durations.format(spec.duration()));
        more.put("probeInterval", Durations.format(spec.probeInterval()));
        more.put("probeTimeout", Durations.format(spec.probeTimeout()));
        more.put("collection", spec.collection());
        more.put("valueFormat", spec.valueFormat().cliName());
        if (!spec.targetOptions().isEmpty()) {
            more.put("targetOptions", spec.targetOptions());
        }
        if (spec.pipeline() != Pipeline.DIRECT) {
            more.put("topic", spec.topic());
        }
        if (spec.pipeline() == Pipeline.KAFKA_BRIDGE) {
            more.put("bridgeBatchSize", spec.bridge().batchSize());
            more.put("bridgeLinger", Durations.format(spec.bridge().linger()));
            more.put("bridgeThreads", spec.bridge().threads());
        }
        if (spec.pipeline() == Pipeline.KAFKA_CONNECT) {
            more.put("connector", spec.connector());
        }
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

    static StepResult step(
            RunSpec spec,
            StepPlan plan,
            ProducerStats producer,
            DocSizeStats sizes,
            PhaseOutcome phase,
            EventCounts events,
            long probeErrors,
            Map<String, LatencySummary> latencies,
            Backlog backlog,
            String histogramLog) {
        // Over the phase's wall-clock time: a rate the producer cannot reach ends on time, behind its schedule.
        double seconds = phase.wallSeconds();
        double targetEvents = plan.rate().eventsPerSecond(spec.docSize());
        boolean max = plan.rate().isMax();
        StepRate rate = new StepRate(
                max ? null : targetEvents,
                max ? null : plan.rate().bytesPerSecond(spec.docSize()),
                producer.sentEvents() / seconds,
                producer.sentBytes() / seconds);
        boolean sustained = BacklogSeries.sustained(backlog, rate.targetEventsPerSec(), rate.achievedEventsPerSec())
                && !phase.behindSchedule()
                && (events == null || events.lost() == null || events.lost() == 0);
        return new StepResult(
                rate,
                plan.batchSize(),
                seconds,
                new DocBytes(sizes.meanBytes(), sizes.minBytes(), sizes.maxBytes(), sizes.fields()),
                events == null ? EventCounts.producedOnly(producer.ackedEvents(), producer.failed()) : events,
                probeErrors,
                latencies,
                backlog,
                sustained,
                histogramLog);
    }

    /** {@code <result name>.step-<n>.hlog}, beside the result file. */
    static String histogramLogName(Path result, int step) {
        String name = result.getFileName().toString();
        String stem = name.toLowerCase(Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return stem + ".step-" + step + ".hlog";
    }
}
