package io.rtbench.cli.run;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.rtbench.core.utilisation.UtilisationSampler.Readings;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The utilisation for Prometheus during a run (docs/GUIDE.md, "Prometheus"; docs/MEASUREMENT.md, "Target utilisation"
 * and "The harness and the machine"), each gauge the latest sample: {@code rtbench_target_cpu_percent{target}} (percent
 * of one core), {@code rtbench_target_memory_bytes{target}} (resident memory) and {@code
 * rtbench_target_disk_bytes{target}}; {@code rtbench_harness_cpu_percent{target,part}} and {@code
 * rtbench_harness_memory_bytes{target,part}} for each part of the harness ({@code rtbench}, {@code kafka}, {@code
 * connect}); {@code rtbench_machine_cpu_percent{target}} (percent of all the machine's cores). A gauge is registered
 * with its first measured value, so a figure that cannot be measured is absent from {@code /metrics}, not 0.
 */
final class UtilisationGauges {

    static final String CPU = "rtbench.target.cpu.percent";
    static final String MEMORY = "rtbench.target.memory.bytes";
    static final String DISK = "rtbench.target.disk.bytes";
    static final String HARNESS_CPU = "rtbench.harness.cpu.percent";
    static final String HARNESS_MEMORY = "rtbench.harness.memory.bytes";
    static final String MACHINE_CPU = "rtbench.machine.cpu.percent";

    private final MeterRegistry registry;
    private final String target;
    /** The latest value of each registered gauge, by name and part. */
    private final Map<String, AtomicReference<Double>> latest = new ConcurrentHashMap<>();

    UtilisationGauges(MeterRegistry registry, String target) {
        this.registry = registry;
        this.target = target;
    }

    /** A second's readings (called on the sampler's one thread); a source not read this second keeps its last value. */
    void readings(Readings readings) {
        if (readings.target() != null) {
            reading(readings.target());
        }
        readings.harness().forEach((part, reading) -> {
            set(HARNESS_CPU, part, "CPU of a part of the harness, percent of one core", reading.cpuPercent());
            set(HARNESS_MEMORY, part, "Resident memory of a part of the harness", reading.rssBytes());
        });
        if (readings.machine() != null) {
            set(
                    MACHINE_CPU,
                    null,
                    "The machine's CPU, percent of all its cores, over the last second",
                    readings.machine().cpuPercent());
        }
    }

    /** The target's reading. */
    void reading(Reading reading) {
        set(CPU, null, "Target CPU, percent of one core, over the last second", reading.cpuPercent());
        set(MEMORY, null, "Target resident memory", reading.rssBytes());
        set(DISK, null, "Bytes of the target's data on disk", reading.diskBytes());
    }

    /** NaN for a second whose reading lacked the figure (Prometheus drops NaN samples). */
    private void set(String name, String part, String description, Number value) {
        String key = part == null ? name : name + "/" + part;
        AtomicReference<Double> gauge = latest.get(key);
        if (gauge == null) {
            if (value == null) {
                return;
            }
            gauge = new AtomicReference<>(Double.NaN);
            latest.put(key, gauge);
            Tags tags = part == null ? Tags.of("target", target) : Tags.of("target", target, "part", part);
            Gauge.builder(name, gauge, AtomicReference::get)
                    .description(description)
                    .tags(tags)
                    .register(registry);
        }
        gauge.set(value == null ? Double.NaN : value.doubleValue());
    }
}
