package io.rtbench.core.utilisation;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.engine.Phase;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.result.StepResult;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the target's utilisation, the harness's processes and the machine once a second during each step's measured
 * phase, on a daemon thread of its own (never on the probe's or producer's), and adds the series and their summaries to
 * the step (docs/MEASUREMENT.md, "Target utilisation" and "The harness and the machine"). A second whose reading fails
 * is skipped for that source, not written as 0. Each series holds at most an hour of one-second points
 * ({@link UtilisationSeries}).
 */
public final class UtilisationSampler implements Stage {

    private static final Logger LOG = LoggerFactory.getLogger(UtilisationSampler.class);
    private static final long INTERVAL_MS = 1000;

    /**
     * What is read.
     *
     * @param target the target's source; null where none reads it
     * @param harness the harness's parts by name ({@code rtbench}, {@code kafka}, {@code connect}): their processes, or
     *     the threads of a server in rtbench's JVM
     * @param machine the whole machine, CPU in percent of all its cores; null where unreadable
     */
    public record Sources(UtilisationSource target, Map<String, UtilisationSource> harness, UtilisationSource machine) {
        public Sources {
            harness = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(harness));
        }

        public boolean isEmpty() {
            return target == null && harness.isEmpty() && machine == null;
        }
    }

    /**
     * One second's readings, for the Prometheus gauges: each null where not read this second.
     *
     * @param harness each part read this second
     * @param harnessTotal the parts added up, when every part was read
     */
    public record Readings(Reading target, Map<String, Reading> harness, Reading harnessTotal, Reading machine) {}

    private final Consumer<Readings> listener;
    private final LongSupplier nanoClock;
    private final ScheduledExecutorService executor;
    private final Track target;
    private final Map<String, Track> parts = new LinkedHashMap<>();
    /** The parts added up, second by second. */
    private final UtilisationSeries harnessTotal = new UtilisationSeries();

    private final Track machine;

    private ScheduledFuture<?> task;
    private long phaseStartNanos;
    private boolean firstOfPhase;

    /** @param listener gets every second's readings as they are taken (the Prometheus gauges), on the sampler's thread */
    public UtilisationSampler(Sources sources, Consumer<Readings> listener) {
        this(sources, listener, System::nanoTime);
    }

    /** The target's source alone; {@code listener} gets each reading of it, as the tests of the target's figures ask. */
    UtilisationSampler(UtilisationSource source, Consumer<Reading> listener, LongSupplier nanoClock) {
        this(
                new Sources(source, Map.of(), null),
                readings -> {
                    if (readings.target() != null) {
                        listener.accept(readings.target());
                    }
                },
                nanoClock);
    }

    UtilisationSampler(Sources sources, Consumer<Readings> listener, LongSupplier nanoClock) {
        this.listener = listener;
        this.nanoClock = nanoClock;
        this.target = sources.target() == null ? null : new Track("target", sources.target());
        sources.harness().forEach((name, source) -> parts.put(name, new Track("harness part " + name, source)));
        this.machine = sources.machine() == null ? null : new Track("machine", sources.machine());
        this.executor = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-utilisation"));
    }

    @Override
    public String name() {
        return "utilisation";
    }

    @Override
    public synchronized void startPhase(Phase phase) {
        if (!phase.measured()) {
            return;
        }
        beginMeasuring();
        task = executor.scheduleAtFixedRate(this::sampleOnce, 0, INTERVAL_MS, TimeUnit.MILLISECONDS);
    }

    /** Forgets the previous step's samples; the next reading is the phase's first. */
    synchronized void beginMeasuring() {
        tracks().forEach(track -> track.samples.clear());
        harnessTotal.clear();
        phaseStartNanos = nanoClock.getAsLong();
        firstOfPhase = true;
    }

    @Override
    public void endPhase(Phase phase) {
        ScheduledFuture<?> running;
        synchronized (this) {
            running = task;
            task = null;
        }
        if (running != null) {
            running.cancel(false);
        }
    }

    /** One reading of every source; package-private so a test drives it without a thread. */
    void sampleOnce() {
        Map<Track, Reading> read = new LinkedHashMap<>();
        tracks().forEach(track -> read.put(track, track.read()));
        Readings kept;
        synchronized (this) {
            double offsetSec = Math.round((nanoClock.getAsLong() - phaseStartNanos) / 1e6) / 1e3;
            // The first reading's CPU covers the time before the phase (since the previous step, or none at all).
            boolean first = firstOfPhase;
            firstOfPhase = false;
            Map<Track, Reading> added = new LinkedHashMap<>();
            read.forEach((track, reading) -> added.put(track, track.add(reading, offsetSec, first)));
            Map<String, Reading> harness = new LinkedHashMap<>();
            parts.forEach((name, track) -> {
                if (added.get(track) != null) {
                    harness.put(name, added.get(track));
                }
            });
            Reading total = total(harness);
            if (total != null) {
                harnessTotal.add(new Utilisation.Sample(offsetSec, total.cpuPercent(), total.rssBytes(), null));
            }
            kept = new Readings(
                    target == null ? null : added.get(target),
                    harness,
                    total,
                    machine == null ? null : added.get(machine));
        }
        try {
            listener.accept(kept);
        } catch (RuntimeException e) {
            LOG.debug("utilisation listener failed", e);
        }
    }

    /**
     * The parts added up, when every part was read this second; a figure some part lacked is absent from the total. The
     * memory is that of the parts that read memory at all (a server's threads in rtbench's JVM do not: its memory is in
     * rtbench's).
     */
    private Reading total(Map<String, Reading> read) {
        if (parts.isEmpty() || read.size() < parts.size()) {
            return null;
        }
        Collection<Reading> readings = read.values();
        List<Reading> withMemory = parts.entrySet().stream()
                .filter(part -> part.getValue().source.readsMemory())
                .map(part -> read.get(part.getKey()))
                .toList();
        boolean cpu = readings.stream().allMatch(r -> r.cpuPercent() != null);
        boolean rss = !withMemory.isEmpty() && withMemory.stream().allMatch(r -> r.rssBytes() != null);
        return new Reading(
                cpu ? readings.stream().mapToDouble(Reading::cpuPercent).sum() : null,
                rss ? withMemory.stream().mapToLong(Reading::rssBytes).sum() : null,
                null);
    }

    /** The measured phase's samples, with their summaries; each absent from the step when it had none. */
    @Override
    public synchronized void finishStep(StepResult.Builder step) {
        if (target != null && !target.samples.isEmpty()) {
            step.utilisation(target.utilisation());
        }
        HostUtilisation.Harness harness = null;
        Map<String, Utilisation> read = new LinkedHashMap<>();
        parts.forEach((name, track) -> {
            if (!track.samples.isEmpty()) {
                read.put(name, track.utilisation());
            }
        });
        if (!read.isEmpty()) {
            harness = new HostUtilisation.Harness(harnessCores(), harnessTotal.summary(), harnessTotal.series(), read);
        }
        HostUtilisation.Machine machineFigures = machine == null || machine.samples.isEmpty()
                ? null
                : new HostUtilisation.Machine(machine.cores(), machine.samples.summary(), machine.samples.series());
        step.host(HostUtilisation.of(harness, machineFigures));
    }

    /** The union of the parts' CPUs; null when a part's are unknown. */
    private Integer harnessCores() {
        Set<Integer> union = new HashSet<>();
        for (Track track : parts.values()) {
            if (track.cpus.isEmpty()) {
                return null;
            }
            union.addAll(track.cpus);
        }
        return union.size();
    }

    private List<Track> tracks() {
        List<Track> all = new ArrayList<>();
        if (target != null) {
            all.add(target);
        }
        all.addAll(parts.values());
        if (machine != null) {
            all.add(machine);
        }
        return all;
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tracks().forEach(track -> track.source.close());
    }

    /** One source's samples; read on the sampler's thread, added under the sampler's lock. */
    private static final class Track {
        private final String what;
        private final UtilisationSource source;
        private final UtilisationSeries samples = new UtilisationSeries();
        private Set<Integer> cpus = Set.of();
        private long failedReadings;

        Track(String what, UtilisationSource source) {
            this.what = what;
            this.source = Objects.requireNonNull(source, what);
        }

        /** The reading now, or null when it failed (warned once per source). */
        Reading read() {
            try {
                Reading reading = source.read();
                cpus = source.cpus();
                return reading;
            } catch (RuntimeException e) {
                if (failedReadings++ == 0) {
                    LOG.warn("cannot read the {}'s utilisation ({}): {}", what, source.name(), e.getMessage());
                }
                return null;
            }
        }

        /** Adds a reading, its CPU dropped at a phase's first; the reading as kept, null for none. */
        Reading add(Reading reading, double offsetSec, boolean firstOfPhase) {
            if (reading == null) {
                return null;
            }
            Double cpu = firstOfPhase ? null : reading.cpuPercent();
            samples.add(new Utilisation.Sample(offsetSec, cpu, reading.rssBytes(), reading.diskBytes()));
            return new Reading(cpu, reading.rssBytes(), reading.diskBytes());
        }

        Integer cores() {
            return cpus.isEmpty() ? null : cpus.size();
        }

        Utilisation utilisation() {
            return new Utilisation(source.name(), cores(), samples.summary(), samples.series());
        }
    }
}
