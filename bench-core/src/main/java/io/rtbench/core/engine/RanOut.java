package io.rtbench.core.engine;

import io.rtbench.core.result.StepResult;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What ran out when a step was not sustained (docs/GUIDE.md, "What ran out"; the thresholds in docs/MEASUREMENT.md, "The
 * harness and the machine"), told from the step's utilisation: the target's CPU, the harness's CPU, the whole machine,
 * the producer's schedule, or none of them, which leaves the database's own limit (merges, refresh, I/O). Each CPU is
 * judged by its mean over the measured phase against the cores it may run on.
 */
public final class RanOut {

    /** A CPU this busy, as a share of the cores it may run on, ran out. */
    static final double SATURATED_SHARE = 0.90;

    /**
     * At a peak's first unsustained step, a harness using this share of the machine's cores beside a database on the
     * same host makes the peak the machine's rather than the database's alone.
     */
    static final double LARGE_HARNESS_SHARE = 0.25;

    /** What ran out; {@link #DATABASE} is none of the others. */
    public enum Cause {
        TARGET_CPU,
        HARNESS_CPU,
        MACHINE_CPU,
        PRODUCER_SCHEDULE,
        DATABASE
    }

    /** The causes found (one, or the target's and the harness's CPU together) and the sentence that names them. */
    public record Verdict(List<Cause> causes, String text) {}

    private RanOut() {}

    /** A step's three CPUs, each null where it was not measured. */
    private record Cpus(Utilisation target, HostUtilisation.Harness harness, HostUtilisation.Machine machine) {

        static Cpus of(StepResult step) {
            HostUtilisation host = step.host();
            return new Cpus(
                    step.utilisation(), host == null ? null : host.harness(), host == null ? null : host.machine());
        }

        /** Nothing measured at all: a result of an earlier version. */
        boolean none() {
            return target == null && harness == null && machine == null;
        }
    }

    /**
     * What ran out in a step; empty for a step with no utilisation at all (a result of an earlier version), where
     * nothing can be told.
     */
    public static Optional<Verdict> judge(StepResult step) {
        Cpus cpus = Cpus.of(step);
        if (cpus.none()) {
            return Optional.empty();
        }
        Utilisation target = cpus.target();
        HostUtilisation.Harness harness = cpus.harness();
        HostUtilisation.Machine machine = cpus.machine();
        Double targetShare = target == null ? null : target.cpuShareOfCores();
        Double harnessShare = harness == null ? null : harness.cpuShareOfCores();
        Double machineShare = machine == null ? null : machine.summary().cpuPercentMean();
        List<Cause> causes = new ArrayList<>();
        List<String> said = new ArrayList<>();
        if (saturated(targetShare)) {
            causes.add(Cause.TARGET_CPU);
            said.add("the target's CPU, " + busy(target.summary().cpuPercentMean(), target.cores()));
        }
        if (saturated(harnessShare)) {
            causes.add(Cause.HARNESS_CPU);
            said.add("the harness's CPU, " + busy(harness.summary().cpuPercentMean(), harness.cores()) + " ("
                    + parts(harness.parts()) + ")");
        }
        if (causes.isEmpty() && saturated(machineShare)) {
            causes.add(Cause.MACHINE_CPU);
            said.add(String.format(
                    Locale.ROOT,
                    "the whole machine's CPU, %.0f %% of its %s busy (%s)",
                    machineShare,
                    cores(machine.cores()),
                    figures(target, harness, null, false)));
        }
        if (!causes.isEmpty()) {
            return Optional.of(new Verdict(causes, "ran out: " + String.join(" and ", said)));
        }
        String measured = figures(target, harness, machine, false);
        if (step.schedule() != null && step.schedule().behind()) {
            return Optional.of(new Verdict(
                    List.of(Cause.PRODUCER_SCHEDULE),
                    "ran out: the producer's schedule, with CPU to spare (" + measured + ")"));
        }
        return Optional.of(new Verdict(
                List.of(Cause.DATABASE),
                "no CPU ran out (" + measured + "): the database's own limit (merges, refresh, I/O)"));
    }

    /**
     * At a peak's first unsustained step: when the harness used a large share of the machine beside a database on the
     * same host ({@link #LARGE_HARNESS_SHARE}), that the peak is the machine's, and how to measure the database alone;
     * empty otherwise: the database on another host, figures missing, or the database's own CPU what ran out (all the
     * cores it may run on busy, e.g. pinned to one of its own with {@code taskset}, as docs/BENCHMARKS.md measures).
     */
    public static Optional<String> machinesPeak(StepResult step) {
        Cpus cpus = Cpus.of(step);
        Utilisation target = cpus.target();
        HostUtilisation.Harness harness = cpus.harness();
        HostUtilisation.Machine machine = cpus.machine();
        if (target == null
                || !"process".equals(target.source())
                || harness == null
                || harness.summary().cpuPercentMean() == null
                || machine == null
                || machine.cores() == null) {
            return Optional.empty();
        }
        if (judge(step)
                .map(verdict -> verdict.causes().equals(List.of(Cause.TARGET_CPU)))
                .orElse(false)) {
            return Optional.empty(); // the database used every core it may run on: the limit is its own on them
        }
        double cores = harness.summary().cpuPercentMean() / 100;
        if (cores < LARGE_HARNESS_SHARE * machine.cores()) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "the peak is this machine's, not the database's alone: the harness used %.2f of its %s (%.0f %%) beside"
                        + " the database; to measure the database alone, run the harness on another host"
                        + " (--servers external with the database's address, or rtbench worker for the producers)",
                cores,
                cores(machine.cores()),
                100 * cores / machine.cores()));
    }

    /**
     * The step's CPUs in cores, for the table a run prints under each step, e.g. {@code target 0.40 of 1 core, harness
     * 0.93 of 1 core (rtbench 0.70, kafka 0.23), machine 77 % of 2 cores}; empty for a step with no utilisation.
     */
    public static Optional<String> cpuLine(StepResult step) {
        Cpus cpus = Cpus.of(step);
        return cpus.none()
                ? Optional.empty()
                : Optional.of(figures(cpus.target(), cpus.harness(), cpus.machine(), true));
    }

    private static boolean saturated(Double share) {
        return share != null && share >= 100 * SATURATED_SHARE;
    }

    /** E.g. {@code 1.86 of its 2 cores busy (93 %)}. */
    private static String busy(double percentOfOneCore, int cores) {
        return String.format(
                Locale.ROOT,
                "%.2f of its %s busy (%.0f %%)",
                percentOfOneCore / 100,
                cores(cores),
                percentOfOneCore / cores);
    }

    private static String cores(Integer cores) {
        return cores == null ? "cores" : cores == 1 ? "1 core" : cores + " cores";
    }

    /** Each part's cores busy, e.g. {@code rtbench 1.20, kafka 0.66}. */
    private static String parts(Map<String, Utilisation> parts) {
        List<String> each = new ArrayList<>();
        parts.forEach((name, part) -> {
            if (part.summary().cpuPercentMean() != null) {
                each.add(String.format(
                        Locale.ROOT, "%s %.2f", name, part.summary().cpuPercentMean() / 100));
            }
        });
        return String.join(", ", each);
    }

    /**
     * The CPUs measured and those that were not, e.g. {@code target 0.40 of 1 core, the harness's CPU not measured};
     * with each part of the harness where {@code withParts}.
     */
    private static String figures(
            Utilisation target, HostUtilisation.Harness harness, HostUtilisation.Machine machine, boolean withParts) {
        List<String> each = new ArrayList<>();
        each.add(
                target == null || target.summary().cpuPercentMean() == null
                        ? "the target's CPU not measured"
                        : "target " + share(target.summary().cpuPercentMean(), target.cores()));
        each.add(
                harness == null || harness.summary().cpuPercentMean() == null
                        ? "the harness's CPU not measured"
                        : "harness " + share(harness.summary().cpuPercentMean(), harness.cores())
                                + (withParts ? " (" + parts(harness.parts()) + ")" : ""));
        if (machine != null && machine.summary().cpuPercentMean() != null) {
            each.add(String.format(
                    Locale.ROOT, "machine %.0f %% of %s", machine.summary().cpuPercentMean(), cores(machine.cores())));
        }
        return String.join(", ", each);
    }

    private static String share(double percentOfOneCore, Integer cores) {
        return cores == null
                ? String.format(Locale.ROOT, "%.2f cores", percentOfOneCore / 100)
                : String.format(Locale.ROOT, "%.2f of %s", percentOfOneCore / 100, cores(cores));
    }
}
