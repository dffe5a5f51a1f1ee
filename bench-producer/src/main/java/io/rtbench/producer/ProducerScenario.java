package io.rtbench.producer;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.time.Durations;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The result file's scenario of {@code rtbench produce}: its resolved settings, the client config's secrets left out. */
final class ProducerScenario {

    private ProducerScenario() {}

    static Scenario of(ProducerSettings settings) {
        PacingSettings pacing = settings.pacing();
        Map<String, Object> more = new LinkedHashMap<>();
        more.put("rate", pacing.rate().toString());
        more.put("duration", Durations.format(pacing.duration()));
        if (!pacing.warmup().isZero()) {
            more.put("warmup", Durations.format(pacing.warmup()));
        }
        if (pacing.maxEvents() > 0) {
            more.put("maxEvents", pacing.maxEvents());
        }
        settings.dml().ifPresent(dml -> {
            more.put("workload", "dml");
            more.put("updates", DmlSettings.percent(dml.updateShare()));
            more.put("deletes", DmlSettings.percent(dml.deleteShare()));
            more.put("updateMode", dml.updateMode().cliName());
            more.put("minRowAge", Durations.format(dml.minRowAge()));
        });
        Destination destination = settings.destination();
        if (destination instanceof KafkaDestination kafka) {
            more.put("topic", kafka.topic());
            more.put("key", kafka.key().name().toLowerCase(Locale.ROOT));
            more.put("valueFormat", kafka.valueFormat().cliName());
            more.put("producerConfig", kafka.describeConfig());
        }
        if (destination instanceof Destination.Direct direct) {
            more.put("collection", direct.target().collection());
        }
        return new Scenario(
                destination.describe(),
                destination instanceof Destination.Direct ? "direct" : "none",
                pacing.batchSize(),
                pacing.generators(),
                settings.generator().docSizeBytes(),
                settings.generator().contentSeed(),
                pacing.prefillEvents(),
                more);
    }
}
