package io.rtbench.evaluator;

import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.dml.RecentChanges.Window;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.time.EpochClock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The probe of workload {@code dml} for one generator (docs/MEASUREMENT.md, "Workload dml"): at each probe, which is
 * the newest of the generator's updates the target shows at its version, and the newest of its deletes it shows as
 * gone; {@code updateVisible} and {@code deleteVisible} are the probe's response time minus that change's
 * {@code _event_time}, like {@code data}. One set per read path of the target ({@link Versioned#readVariants()}).
 *
 * <p>Finding the newest visible change among thousands in flight takes two lookups by id: first the 16 newest and
 * then ever older ones (each about 19 % older than the last), which brackets the boundary between visible and not yet
 * visible; then every change inside the bracket (up to {@value #BRACKET}, evenly spread beyond). Changes become
 * visible roughly in the order they were made; where they do not, the newest visible one found may be slightly older
 * than the newest there is. The sample's time is the second lookup's response, so the lookups' round trips count, as
 * {@code data}'s does. An update whose row was deleted later is skipped: its version can never be seen.
 */
final class ChangeProbe {

    static final int NEWEST = 16;
    static final int BRACKET = 240;

    /**
     * The target whose changes are probed, if any: one that keeps versions and shows what it was written. The
     * {@code null} target keeps versions for its audit but shows nothing, so every delete would look visible at once.
     */
    static Optional<Versioned> probed(Target target) {
        return target.showsEvents() && target instanceof Versioned versioned
                ? Optional.of(versioned)
                : Optional.empty();
    }

    private final long generatorId;
    private final ChangeHistory history;
    private final Versioned target;
    private final EvaluatorMetrics metrics;
    private final EpochClock clock;
    private final long timeoutMicros;
    /**
     * Per read variant and kind (update, delete): the event time of the newest change seen so far, or -1. Guarded by
     * itself, not by this probe's lock, which {@link #probe} holds while it waits for the target.
     */
    private final long[][] newestSeen;

    ChangeProbe(
            long generatorId,
            ChangeHistory history,
            Versioned target,
            EvaluatorMetrics metrics,
            EpochClock clock,
            long timeoutMicros) {
        this.generatorId = generatorId;
        this.history = history;
        this.target = target;
        this.metrics = metrics;
        this.clock = clock;
        this.timeoutMicros = timeoutMicros;
        this.newestSeen = new long[target.readVariants().size()][2];
        for (long[] seen : newestSeen) {
            seen[0] = -1;
            seen[1] = -1;
        }
    }

    /** One probe of every read variant; never throws (a failure is counted as the data probe's are). */
    synchronized void probe() {
        Window updates = history.recent().updates();
        Window deletes = history.recent().deletes();
        if (updates.size() == 0 && deletes.size() == 0) {
            return;
        }
        List<String> variants = target.readVariants();
        for (int v = 0; v < variants.size(); v++) {
            probe(v, variants.get(v), new Kind(updates, true), new Kind(deletes, false));
        }
    }

    private void probe(int variantIndex, String variant, Kind update, Kind delete) {
        long requestMicros = clock.epochMicros();
        try {
            Map<String, Long> first = lookup(variant, update.firstIds(), delete.firstIds());
            update.bracket(first);
            delete.bracket(first);
            Map<String, Long> second = lookup(variant, update.bracketIds(), delete.bracketIds());
            long responseMicros = clock.epochMicros();
            if (responseMicros - requestMicros > timeoutMicros) {
                failed(variantIndex, variant, ProbeOutcome.TOOK_LONGER, responseMicros);
                return;
            }
            record(variantIndex, 0, variant, update.newestSeen(first, second), update, responseMicros);
            record(variantIndex, 1, variant, delete.newestSeen(first, second), delete, responseMicros);
        } catch (RuntimeException e) {
            String reason =
                    e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            failed(variantIndex, variant, reason, clock.epochMicros());
        }
    }

    /**
     * The data probe this one follows was not answered (it timed out, or was not sent: {@link Prober}): each read
     * variant's probe fails with it, at the same moment, without a call. Takes no lock that {@link #probe} holds while
     * it waits for the target, so a change probe blocked in a stopped database does not hold up the prober's scheduler.
     */
    void unanswered(String reason, long responseMicros) {
        if (history.recent().updates().size() == 0 && history.recent().deletes().size() == 0) {
            return; // nothing to probe: no probe would have been sent
        }
        List<String> variants = target.readVariants();
        for (int v = 0; v < variants.size(); v++) {
            failed(v, variants.get(v), reason, responseMicros);
        }
    }

    private Map<String, Long> lookup(String variant, List<String> some, List<String> more) {
        Set<String> ids = new LinkedHashSet<>(some);
        ids.addAll(more);
        return ids.isEmpty() ? Map.of() : target.liveVersions(generatorId, List.copyOf(ids), variant);
    }

    /**
     * @param index the window index of the newest change seen, or -1 when none of those looked up was
     */
    private void record(int variantIndex, int kind, String variant, int index, Kind changes, long responseMicros) {
        synchronized (newestSeen) {
            recordSeen(variantIndex, kind, variant, index, changes, responseMicros);
        }
    }

    private void recordSeen(int variantIndex, int kind, String variant, int index, Kind changes, long responseMicros) {
        long[] seen = newestSeen[variantIndex];
        if (index >= 0) {
            long eventTime = changes.window.eventTimeMicros()[index];
            seen[kind] = Math.max(seen[kind], eventTime);
            metrics.changeSample(generatorId, changes.updates, variant, responseMicros - eventTime);
        } else if (seen[kind] >= 0 && changes.eligible.size() > 0) {
            // None of the window is visible any more, though changes were before: the newest visible is older than
            // the oldest in the window, so this is a lower bound, and no later probe could make up for a gap.
            long oldest = changes.window.eventTimeMicros()[changes.eligible.get(changes.eligible.size() - 1)];
            metrics.changeSample(generatorId, changes.updates, variant, responseMicros - oldest);
        }
    }

    private void failed(int variantIndex, String variant, String reason, long responseMicros) {
        metrics.probeError(generatorId, "change probe: " + reason);
        synchronized (newestSeen) {
            long[] seen = newestSeen[variantIndex];
            for (int kind = 0; kind < 2; kind++) {
                if (seen[kind] >= 0) {
                    metrics.changeSample(
                            generatorId, kind == 0, variant, Math.max(timeoutMicros, responseMicros - seen[kind]));
                }
            }
        }
    }

    /** The probe's view of one kind of change: the eligible entries of the window and what the lookups found. */
    private static final class Kind {
        final Window window;
        final boolean updates;
        /** Window indices, newest first, of the changes that can be seen (not superseded by a delete). */
        final List<Integer> eligible = new ArrayList<>();
        /** Positions in {@link #eligible} looked up first, ascending (newest first). */
        final List<Integer> first = new ArrayList<>();

        final List<Integer> bracket = new ArrayList<>();
        int firstSeen = -1;

        Kind(Window window, boolean updates) {
            this.window = window;
            this.updates = updates;
            for (int i = 0; i < window.size(); i++) {
                if (!updates || !window.superseded()[i]) {
                    eligible.add(i);
                }
            }
            int n = eligible.size();
            for (int p = 0; p < n; p = p < NEWEST ? p + 1 : Math.max(p + 1, (int) (p * 1.19))) {
                first.add(p);
            }
            if (n > 0 && first.get(first.size() - 1) != n - 1) {
                first.add(n - 1);
            }
        }

        List<String> firstIds() {
            return first.stream().map(p -> window.id(eligible.get(p))).toList();
        }

        boolean seen(Map<String, Long> live, int position) {
            int index = eligible.get(position);
            Long version = live.get(window.id(index));
            return updates ? version != null && version >= window.version()[index] : version == null;
        }

        /** After the first lookup: the positions between the newest seen and the next newer one looked up. */
        void bracket(Map<String, Long> live) {
            for (int k = 0; k < first.size(); k++) {
                if (seen(live, first.get(k))) {
                    firstSeen = k;
                    break;
                }
            }
            if (firstSeen <= 0) {
                return;
            }
            int from = first.get(firstSeen - 1) + 1;
            int to = first.get(firstSeen);
            int count = to - from;
            int step = Math.max(1, (count + BRACKET - 1) / BRACKET);
            for (int p = from; p < to; p += step) {
                bracket.add(p);
            }
        }

        List<String> bracketIds() {
            return bracket.stream().map(p -> window.id(eligible.get(p))).toList();
        }

        /** The window index of the newest change seen, or -1. */
        int newestSeen(Map<String, Long> first, Map<String, Long> second) {
            if (firstSeen < 0) {
                return -1;
            }
            for (int p : bracket) {
                if (seen(second, p)) {
                    return eligible.get(p);
                }
            }
            return eligible.get(this.first.get(firstSeen));
        }
    }
}
