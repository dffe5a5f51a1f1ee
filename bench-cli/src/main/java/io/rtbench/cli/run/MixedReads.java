package io.rtbench.cli.run;

import io.rtbench.core.mixed.MixedSettings;
import io.rtbench.core.mixed.ReadCandidates;

/** The ledger of workload {@code mixed}'s reads, sized for the run's fastest step (docs/MEASUREMENT.md). */
final class MixedReads {

    private MixedReads() {}

    static ReadCandidates candidates(RunSpec spec, MixedSettings mixed) {
        double fastest = spec.rates().stream()
                .mapToDouble(rate ->
                        mixed.readsPerSec(rate.eventsPerSecond(spec.pacing().docSize())))
                .filter(Double::isFinite)
                .max()
                .orElse(1);
        return ReadCandidates.sizedFor(fastest, mixed.readAge());
    }
}
