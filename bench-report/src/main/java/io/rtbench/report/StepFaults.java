package io.rtbench.report;

import io.rtbench.core.result.StepFault;
import io.rtbench.core.result.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The faults of one step (docs/MEASUREMENT.md, "Freshness under faults") as the report and compare read them: the
 * first fault of every fork is one {@link Slot}, the second fault another, and so on. With several forks every fork
 * had the same faults, one after another in the step's {@code faults}; each fork's figures stay its own.
 */
final class StepFaults {

    private StepFaults() {}

    /**
     * The n-th fault of every fork.
     *
     * @param index 0 for each fork's first fault
     * @param perFork in fork order
     */
    record Slot(int index, List<StepFault> perFork) {

        Slot {
            perFork = List.copyOf(perFork);
        }

        /** The kind, as the user wrote it: {@code target-pause}. */
        String kind() {
            return kindOf(perFork.get(0));
        }

        /** The kind, and the place among the step's faults when it is not the first: {@code target-pause #2}. */
        String label() {
            return index == 0 ? kind() : kind() + " #" + (index + 1);
        }

        /** Whether every fork recovered, so that every fork has a time to recover. */
        boolean allRecovered() {
            return perFork.stream()
                    .allMatch(fault -> Boolean.TRUE.equals(fault.recovered()) && fault.timeToRecoverSec() != null);
        }

        /** Each fork's time to recover, in seconds; empty unless {@link #allRecovered}: no fork's is made up. */
        Optional<List<Double>> timesToRecoverSec() {
            return allRecovered()
                    ? Optional.of(
                            perFork.stream().map(StepFault::timeToRecoverSec).toList())
                    : Optional.empty();
        }

        /**
         * Why there is no time to recover for every fork: {@code not recovered in 1 of 2 forks}, {@code not judged in 1
         * of 2 forks} (no data sample before the fault), or both; empty when every fork recovered.
         */
        Optional<String> unrecovered() {
            long notRecovered = perFork.stream()
                    .filter(fault -> Boolean.FALSE.equals(fault.recovered()))
                    .count();
            long notJudged =
                    perFork.stream().filter(fault -> fault.recovered() == null).count();
            List<String> parts = new ArrayList<>();
            if (notRecovered > 0) {
                parts.add("not recovered in " + of(notRecovered));
            }
            if (notJudged > 0) {
                parts.add("not judged in " + of(notJudged));
            }
            return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", parts));
        }

        private String of(long forks) {
            return perFork.size() == 1 ? "its fork" : forks + " of " + perFork.size() + " forks";
        }
    }

    /** The step's faults by their place in each fork; empty without faults. */
    static List<Slot> slots(StepResult step) {
        if (step.faults() == null) {
            return List.of();
        }
        Map<Integer, List<StepFault>> byFork = new TreeMap<>();
        for (StepFault fault : step.faults()) {
            byFork.computeIfAbsent(Objects.requireNonNullElse(fault.fork(), 1), fork -> new ArrayList<>())
                    .add(fault);
        }
        int most = byFork.values().stream().mapToInt(List::size).max().orElse(0);
        List<Slot> slots = new ArrayList<>(most);
        for (int i = 0; i < most; i++) {
            List<StepFault> perFork = new ArrayList<>();
            for (List<StepFault> faults : byFork.values()) {
                if (i < faults.size()) {
                    perFork.add(faults.get(i));
                }
            }
            slots.add(new Slot(i, perFork));
        }
        return slots;
    }

    /**
     * The kind of a fault as given ({@code target-pause@5s+4s}): the part before {@code @}. Not {@code Fault.parse}: a
     * result may name a kind this version does not know, and its report must still show it.
     */
    static String kindOf(StepFault fault) {
        int at = fault.fault().indexOf('@');
        return at < 0 ? fault.fault() : fault.fault().substring(0, at);
    }

    /** A fault's time to recover in words: {@code 0.53 s}, {@code not recovered}, {@code not judged}. */
    static String timeToRecover(StepFault fault) {
        if (Boolean.TRUE.equals(fault.recovered()) && fault.timeToRecoverSec() != null) {
            return Numbers.plain(fault.timeToRecoverSec(), 2) + " s";
        }
        return Boolean.FALSE.equals(fault.recovered()) ? "not recovered" : "not judged";
    }
}
