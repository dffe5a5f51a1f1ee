package io.rtbench.cli.run;

import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.mixed.MixedSettings;
import io.rtbench.core.time.Durations;
import java.util.Map;

/** Workload {@code mixed}'s settings in the result file's scenario, by their scenario keys (scenarios/README.md). */
final class MixedScenario {

    private MixedScenario() {}

    static void describe(MixedSettings mixed, Map<String, Object> more) {
        if (mixed.readsPerSec() != null) {
            more.put("readRate", mixed.readsPerSec() + "/s");
        } else {
            more.put("readShare", DmlSettings.percent(mixed.readShare()));
        }
        more.put("users", mixed.users());
        more.put("readAge", Durations.format(mixed.readAge()));
        more.put("readQuery", mixed.readQuery().cliName());
        more.put("window", Durations.format(mixed.window()));
    }
}
