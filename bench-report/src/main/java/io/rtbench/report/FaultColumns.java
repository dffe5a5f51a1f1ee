package io.rtbench.report;

import io.rtbench.core.result.StepFault;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The CSV's fault columns (docs/REPORTS.md, "The CSV"): for the n-th fault of each fork, the fault as given, whether
 * it recovered, its time to recover, staleness peak, backlog peak and drain rate. With several forks a cell is the
 * worst fork's: the latest recovery, the highest peaks, the slowest drain; {@code recovered} is false when any fork did
 * not recover, and the time to recover is then empty (a fork that did not recover has no number to take).
 */
final class FaultColumns {

    static final List<String> COLUMNS = List.of(
            "", "Recovered", "TimeToRecoverSec", "StalenessPeakMs", "BacklogPeakEvents", "BacklogDrainEventsPerSec");

    private FaultColumns() {}

    /** The most faults any fork of any step had: how many groups of columns the CSV has (0: none). */
    static int most(List<ReportedRun> runs) {
        return runs.stream()
                .flatMap(run -> run.steps().stream())
                .mapToInt(step -> StepFaults.slots(step.step()).size())
                .max()
                .orElse(0);
    }

    /** {@code fault1}, {@code fault1Recovered} … for each of {@code faults}. */
    static List<String> header(int faults) {
        List<String> header = new ArrayList<>();
        for (int i = 1; i <= faults; i++) {
            for (String column : COLUMNS) {
                header.add("fault" + i + column);
            }
        }
        return header;
    }

    /** The cells of {@code faults} faults of the step; empty where the step had fewer. */
    static void add(List<String> fields, ReportedStep step, int faults) {
        List<StepFaults.Slot> slots = StepFaults.slots(step.step());
        for (int i = 0; i < faults; i++) {
            if (i >= slots.size()) {
                COLUMNS.forEach(column -> fields.add(""));
                continue;
            }
            StepFaults.Slot slot = slots.get(i);
            List<StepFault> forks = slot.perFork();
            fields.add(forks.get(0).fault());
            fields.add(recovered(forks));
            fields.add(slot.timesToRecoverSec()
                    .map(times -> Numbers.plain(worst(times, true), 3))
                    .orElse(""));
            fields.add(Numbers.plain(worst(all(forks, StepFault::stalenessPeakMs), true), 3));
            Double backlogPeak = worst(
                    all(
                            forks,
                            fault -> fault.backlogPeakEvents() == null
                                    ? null
                                    : fault.backlogPeakEvents().doubleValue()),
                    true);
            fields.add(backlogPeak == null ? "" : Long.toString(backlogPeak.longValue()));
            fields.add(Numbers.plain(worst(all(forks, StepFault::backlogDrainEventsPerSec), false), 3));
        }
    }

    /** False when any fork did not recover; true when every one did; empty when some were not judged. */
    private static String recovered(List<StepFault> forks) {
        if (forks.stream().anyMatch(fault -> Boolean.FALSE.equals(fault.recovered()))) {
            return "false";
        }
        return forks.stream().allMatch(fault -> Boolean.TRUE.equals(fault.recovered())) ? "true" : "";
    }

    /** Every fork's figure; null when some fork has none (a figure some fork lacks is not the step's). */
    private static List<Double> all(List<StepFault> forks, Function<StepFault, Double> figure) {
        List<Double> values = forks.stream().map(figure).toList();
        return values.stream().allMatch(Objects::nonNull) ? values : null;
    }

    private static Double worst(List<Double> values, boolean highest) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        return highest
                ? values.stream().mapToDouble(Double::doubleValue).max().getAsDouble()
                : values.stream().mapToDouble(Double::doubleValue).min().getAsDouble();
    }
}
