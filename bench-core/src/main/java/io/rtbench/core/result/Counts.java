package io.rtbench.core.result;

import java.util.Collection;
import java.util.Objects;
import java.util.function.Function;

/** Counts that a step's parts (forks, hosts) report only when they counted something. */
public final class Counts {

    private Counts() {}

    /**
     * The parts' counts added up, a part without one counting none; null when no part has one, so that the figure
     * stays absent from the merged step rather than becoming 0.
     */
    public static <T> Long total(Collection<T> parts, Function<T, Long> count) {
        return parts.stream()
                .map(count)
                .filter(Objects::nonNull)
                .reduce(Long::sum)
                .orElse(null);
    }
}
