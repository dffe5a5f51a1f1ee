package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One vocabulary (docs/ARCHITECTURE.md, "The command line"): a flag that several commands take means the same under
 * each, because it is declared once, in a shared option mixin. The few flags whose meaning depends on the command are
 * named here, each with the reason.
 */
class SharedVocabularyTest {

    /** Flags that several commands declare for themselves, because under each they mean something of its own. */
    private static final Set<String> OWN_MEANING = Set.of(
            // bridge and evaluate run until Ctrl-C unless given; produce and the pipelines measure for this long
            "--duration",
            // quickstart warms up the OpenSearch it starts; the others prefill as asked
            "--prefill",
            // quickstart's sweep; run and sweep take any list
            "--rates",
            // report's and compare's pages, quickstart's folder: each its own default name
            "--html",
            "--out",
            // calibrate runs only where the reference delay is the whole sink
            "--pipeline",
            // dml starts only the database; run starts Kafka too
            "--servers",
            // bridge retries only the target; a run also waits for the broker
            "--retry-timeout",
            // the worker's Kafka and credentials are the coordinator's (no topic or target flags)
            "--bootstrap-servers",
            "--kafka-config",
            "--credentials-file",
            // worker hosts of a run; Connect workers of `servers start connect`
            "--workers",
            // dml offers only the targets with statements, produce and calibrate no workload mixed
            // (HelpOffersWhatTheCommandTakesTest)
            "--target",
            "--workload");

    @Test
    void aFlagSharedByCommandsSaysTheSameUnderEach() {
        Map<String, Set<String>> descriptions = new TreeMap<>();
        collect(CommandLines.commandLine(new RtbenchCommand()), descriptions);
        assertThat(descriptions).containsKeys("--connect-timeout", "--doc-size", "--seed", "--target");
        descriptions.keySet().removeAll(OWN_MEANING);
        descriptions.values().removeIf(said -> said.size() == 1);
        assertThat(descriptions)
                .as("flags that say different things under different commands")
                .isEmpty();
    }

    private static void collect(CommandLine line, Map<String, Set<String>> descriptions) {
        for (OptionSpec option : line.getCommandSpec().options()) {
            if (!option.hidden()) {
                descriptions
                        .computeIfAbsent(option.longestName(), name -> new TreeSet<>())
                        .add(String.join(" ", option.description()));
            }
        }
        line.getSubcommands().values().forEach(sub -> collect(sub, descriptions));
    }
}
