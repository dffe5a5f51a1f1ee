package io.rtbench.core.result;

import java.util.List;
import java.util.function.Function;

/** Adding up a figure over the parts of one step (forks, hosts), where a part may not have measured it. */
public final class Sums {

    private Sums() {}

    /**
     * The sum where every part has the figure; absent where one does not (a partial sum would be a wrong number, and a
     * figure nobody measured is not 0).
     */
    public static <T> Long orAbsent(List<T> parts, Function<T, Long> figure) {
        List<Long> values = parts.stream().map(figure).toList();
        return values.contains(null)
                ? null
                : values.stream().mapToLong(Long::longValue).sum();
    }

    /** As {@link #orAbsent}, for a figure with a fraction (rates). */
    public static <T> Double orAbsentDouble(List<T> parts, Function<T, Double> figure) {
        List<Double> values = parts.stream().map(figure).toList();
        return values.contains(null)
                ? null
                : values.stream().mapToDouble(Double::doubleValue).sum();
    }

    /** {@link StepResult.EventCounts#total}. */
    static StepResult.EventCounts eventCounts(List<StepResult.EventCounts> parts) {
        Boolean newestVisible = parts.stream().allMatch(c -> c.newestVisible() == null)
                ? null
                : parts.stream().allMatch(c -> Boolean.TRUE.equals(c.newestVisible()));
        StepResult.Operations operations = parts.stream().anyMatch(c -> c.operations() == null)
                ? null
                : parts.stream()
                        .map(StepResult.EventCounts::operations)
                        .reduce(new StepResult.Operations(0, 0, 0), StepResult.Operations::plus);
        return new StepResult.EventCounts(
                parts.stream().mapToLong(StepResult.EventCounts::produced).sum(),
                Sums.orAbsent(parts, StepResult.EventCounts::landed),
                Sums.orAbsent(parts, StepResult.EventCounts::lost),
                Sums.orAbsent(parts, StepResult.EventCounts::duplicates),
                Sums.orAbsent(parts, StepResult.EventCounts::failed),
                newestVisible,
                Sums.orAbsent(parts, StepResult.EventCounts::ids),
                Sums.orAbsent(parts, StepResult.EventCounts::stale),
                Sums.orAbsent(parts, StepResult.EventCounts::resurrected),
                operations);
    }
}
