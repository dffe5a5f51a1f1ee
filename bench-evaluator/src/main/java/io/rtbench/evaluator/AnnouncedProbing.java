package io.rtbench.evaluator;

import io.rtbench.core.event.GeneratorAnnouncement;
import io.rtbench.core.time.Durations;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * What the producers' announcements do to {@code evaluate}'s probe (docs/GUIDE.md, "The parts on their own"): a
 * generator is probed while it produces, and no longer once it ended or its producer went silent, since its newest event
 * would only grow older and its age is not a data latency. The lines the user reads say which and why.
 */
final class AnnouncedProbing implements GeneratorDiscovery.Listener {

    private final ProbeStage probe;
    private final Consumer<String> note;
    private final Set<Long> listed;
    private final boolean listedOnly;
    /** Listed generators the topic's history says were over before the evaluation started. */
    private final Set<Long> over = ConcurrentHashMap.newKeySet();

    /**
     * @param note a line that stays above the status
     * @param listed the generators given by id ({@code --generator-ids}): probed once the topic's history is read,
     *     unless it says they were over (a producer that announces elsewhere, or not at all, leaves them probed)
     * @param listedOnly whether only the listed generators may be probed, or every one announced
     */
    AnnouncedProbing(ProbeStage probe, Consumer<String> note, Set<Long> listed, boolean listedOnly) {
        this.probe = probe;
        this.note = note;
        this.listed = Set.copyOf(listed);
        this.listedOnly = listedOnly;
    }

    private boolean ours(GeneratorAnnouncement generator) {
        return !listedOnly || listed.contains(generator.generatorId());
    }

    @Override
    public void found(GeneratorAnnouncement generator) {
        if (ours(generator)) {
            probe.probe(generator.generatorId());
        }
    }

    @Override
    public void heardAgain(GeneratorAnnouncement generator) {
        if (ours(generator)) {
            probe.probe(generator.generatorId());
            note.accept("generator " + generator.generatorId() + " is announced again after its silence: probed again");
        }
    }

    @Override
    public void ended(GeneratorAnnouncement generator) {
        probe.stopProbing(generator.generatorId());
    }

    @Override
    public void silent(GeneratorAnnouncement generator) {
        if (ours(generator)) {
            probe.stopProbing(generator.generatorId());
            note.accept(silenceNote(generator));
        }
    }

    @Override
    public void passedOver(GeneratorAnnouncement generator, boolean ended) {
        if (listed.contains(generator.generatorId())) {
            over.add(generator.generatorId());
            note.accept(passedOverNote(generator, ended));
        }
    }

    @Override
    public void historyRead() {
        listed.stream().filter(id -> !over.contains(id)).forEach(probe::probe);
    }

    /** What the user reads when a generator's producer went away without a word (killed, or cut off from Kafka). */
    static String silenceNote(GeneratorAnnouncement generator) {
        String silence = Durations.format(GeneratorAnnouncement.SILENT_AFTER);
        return "generator " + generator.generatorId() + " (producer run " + generator.runId() + ") went silent: not"
                + " announced for " + silence + " and no end announced, so its producer stopped (killed?) or lost"
                + " Kafka; it is no longer probed, and not audited (its data samples of those " + silence + " may"
                + " have aged the newest event of a producer that had stopped)";
    }

    /** What the user reads when a generator given by id was over before the evaluation started. */
    static String passedOverNote(GeneratorAnnouncement generator, boolean ended) {
        return "generator " + generator.generatorId() + " (producer run " + generator.runId() + ") "
                + (ended
                        ? String.format(
                                Locale.ROOT,
                                "had ended before this evaluation started (%,d events)",
                                generator.producedEvents())
                        : "had gone silent before this evaluation started (its producer stopped without announcing"
                                + " an end)")
                + ": not probed, since its newest event would only grow older";
    }
}
