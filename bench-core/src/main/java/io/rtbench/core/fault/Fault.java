package io.rtbench.core.fault;

import io.rtbench.core.Bounds;
import io.rtbench.core.time.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * A fault injected into every measured phase of a run (docs/MEASUREMENT.md, "Freshness under faults"), as the user
 * writes it: {@code KIND@AT+FOR}, e.g. {@code target-pause@10s+5s}.
 *
 * @param kind what the fault does
 * @param at when it begins, from the start of the measured phase
 * @param length how long it lasts
 */
public record Fault(FaultKind kind, Duration at, Duration length) {

    /** The form of a fault, for messages. */
    public static final String FORM = "KIND@AT+FOR, e.g. target-pause@10s+5s";

    public Fault {
        Objects.requireNonNull(kind, "kind");
        Bounds.notNegative("a fault's AT", at);
        Bounds.positive("a fault's FOR", length);
    }

    /** Parses {@code KIND@AT+FOR}; an {@link IllegalArgumentException} saying what is wrong and the form otherwise. */
    public static Fault parse(String text) {
        String fault = text == null ? "" : text.strip();
        int atSign = fault.indexOf('@');
        int plus = fault.indexOf('+', atSign + 1);
        if (atSign < 1 || plus < 0) {
            throw new IllegalArgumentException("'" + text + "' is not a fault; use " + FORM);
        }
        FaultKind kind = FaultKind.fromCliName(fault.substring(0, atSign));
        return new Fault(
                kind, Durations.parse(fault.substring(atSign + 1, plus)), Durations.parse(fault.substring(plus + 1)));
    }

    /** When the fault ends, from the start of the measured phase. */
    public Duration end() {
        return at.plus(length);
    }

    /** Whether the windows of the two faults share a moment. */
    public boolean overlaps(Fault other) {
        return at.compareTo(other.end()) < 0 && other.at.compareTo(end()) < 0;
    }

    /** As the user writes it: {@code target-pause@10s+5s}. */
    @Override
    public String toString() {
        return kind.cliName() + "@" + Durations.format(at) + "+" + Durations.format(length);
    }
}
