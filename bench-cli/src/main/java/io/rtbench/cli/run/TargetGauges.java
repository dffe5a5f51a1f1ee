package io.rtbench.cli.run;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The target's utilisation for Prometheus during a run (docs/GUIDE.md, "Prometheus"; docs/MEASUREMENT.md, "Target
 * utilisation"): gauges {@code rtbench_target_cpu_percent{target}} (percent of one core), {@code
 * rtbench_target_memory_bytes{target}} (resident memory) and {@code rtbench_target_disk_bytes{target}}, each the latest
 * sample. A gauge is registered with its first measured value, so a figure the source cannot measure is absent from
 * {@code /metrics}, not 0.
 */
final class TargetGauges {

    static final String CPU = "rtbench.target.cpu.percent";
    static final String MEMORY = "rtbench.target.memory.bytes";
    static final String DISK = "rtbench.target.disk.bytes";

    private final MeterRegistry registry;
    private final String target;
    private final AtomicReference<Reading> latest = new AtomicReference<>(Reading.NONE);
    private boolean cpuRegistered;
    private boolean memoryRegistered;
    private boolean diskRegistered;

    TargetGauges(MeterRegistry registry, String target) {
        this.registry = registry;
        this.target = target;
    }

    /** A new sample (called on the sampler's one thread). */
    void reading(Reading reading) {
        latest.set(reading);
        if (!cpuRegistered && reading.cpuPercent() != null) {
            cpuRegistered = register(CPU, "Target CPU, percent of one core, over the last second", Reading::cpuPercent);
        }
        if (!memoryRegistered && reading.rssBytes() != null) {
            memoryRegistered = register(MEMORY, "Target resident memory", Reading::rssBytes);
        }
        if (!diskRegistered && reading.diskBytes() != null) {
            diskRegistered = register(DISK, "Bytes of the target's data on disk", Reading::diskBytes);
        }
    }

    /** A gauge of the latest sample's figure; NaN for a second whose sample lacked it (Prometheus drops NaN samples). */
    private boolean register(String name, String description, Function<Reading, Number> figure) {
        Gauge.builder(name, latest, ref -> {
                    Number value = figure.apply(ref.get());
                    return value == null ? Double.NaN : value.doubleValue();
                })
                .description(description)
                .tag("target", target)
                .register(registry);
        return true;
    }
}
