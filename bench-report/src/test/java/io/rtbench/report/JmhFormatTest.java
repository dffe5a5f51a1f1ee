package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.cli.support.CommandLines;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code report --format jmh} against a file JMH 1.37 wrote itself: {@code tools/jmh 'GeneratorBenchmark.generatorNext$'
 * -bm avgt -tu us -f 2 -wi 1 -w 1s -i 2 -r 1s -prof gc -rf json} (the profiler adds secondary metrics).
 */
class JmhFormatTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void hasTheKeyStructureOfAFileWrittenByJmh() throws Exception {
        JsonNode jmh = JSON.readTree(Fixtures.text("jmh-generator-avgt-gc.json"));
        Path result = RepeatedResults.write(dir, "forks.json", 50.2, 49.9, 50.4);
        Path out = dir.resolve("forks.jmh.json");

        int exit = report(result.toString(), "--format", "jmh");

        assertThat(exit).isEqualTo(CommandLines.OK);
        JsonNode ours = JSON.readTree(out.toFile());
        assertThat(ours.isArray()).isTrue();
        assertThat(ours).hasSize(1);
        JsonNode reference = jmh.get(0);
        JsonNode entry = ours.get(0);
        assertThat(keys(entry)).isEqualTo(keys(reference));
        assertThat(keys(entry.get("primaryMetric"))).isEqualTo(keys(reference.get("primaryMetric")));
        JsonNode jmhSecondary = reference.get("secondaryMetrics").elements().next();
        assertThat(keys(entry.get("secondaryMetrics").get("p99"))).isEqualTo(keys(jmhSecondary));
        assertThat(fieldNames(entry.at("/primaryMetric/scorePercentiles")))
                .isEqualTo(fieldNames(reference.at("/primaryMetric/scorePercentiles")));
        // the same value kinds where JMH has them
        for (String field : List.of("forks", "warmupIterations", "measurementIterations", "threads")) {
            assertThat(entry.get(field).isInt())
                    .as(field)
                    .isEqualTo(reference.get(field).isInt());
        }
        assertThat(entry.get("measurementTime").asText()).isEqualTo("5 s");
        assertThat(reference.get("measurementTime").asText()).isEqualTo("1 s");

        JsonNode primary = entry.get("primaryMetric");
        assertThat(primary.get("score").asDouble()).isCloseTo(50.1667, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(primary.get("scoreError").isNumber()).isTrue();
        assertThat(primary.get("rawData")).hasSize(3);
        assertThat(primary.get("rawData").get(0)).hasSize(2);
        assertThat(primary.get("rawData").get(0).get(0).asDouble()).isEqualTo(50.2);
        assertThat(reference.at("/primaryMetric/rawData")).hasSize(2);
        assertThat(entry.get("benchmark").asText()).isEqualTo("rtbench.reference.kafka-bridge.data");
        assertThat(entry.get("forks").asInt()).isEqualTo(3);
    }

    @Test
    void aRunWithoutForksHasJmhsUnknownError() throws Exception {
        Path result = Fixtures.copy(Fixtures.OPENSEARCH, dir);
        Path out = dir.resolve("out.json");

        assertThat(report(result.toString(), "--format", "jmh", "--out", out.toString()))
                .isEqualTo(CommandLines.OK);

        JsonNode first = JSON.readTree(out.toFile()).get(0);
        assertThat(first.at("/primaryMetric/scoreError").asText()).isEqualTo("NaN");
        assertThat(first.at("/primaryMetric/rawData")).hasSize(1);
        assertThat(first.get("forks").asInt()).isEqualTo(1);
    }

    /** JmhFormat.Warmup: a 3-s --warmup with no warmup windows was written 0 × "10 s", the step's duration. */
    @Test
    void theWarmupPhaseIsJmhsOneWarmupIterationWhenThereAreNoWarmupWindows() throws Exception {
        Path result = Fixtures.copy(Fixtures.SEVERAL_HOSTS, dir);
        Path out = dir.resolve("out.json");

        assertThat(report(result.toString(), "--format", "jmh", "--out", out.toString()))
                .isEqualTo(CommandLines.OK);

        JsonNode first = JSON.readTree(out.toFile()).get(0);
        assertThat(first.get("warmupIterations").asInt()).isEqualTo(1);
        assertThat(first.get("warmupTime").asText()).isEqualTo("3 s");
    }

    @Test
    void aResultThatNamesNoWarmupHasNone() throws Exception {
        Path result = RepeatedResults.write(dir, "forks.json", 50.2, 49.9);

        assertThat(report(result.toString(), "--format", "jmh")).isEqualTo(CommandLines.OK);

        JsonNode first = JSON.readTree(dir.resolve("forks.jmh.json").toFile()).get(0);
        assertThat(first.get("warmupIterations").asInt()).isZero();
        assertThat(first.get("warmupTime").asText()).isEqualTo("0 s");
    }

    @Test
    void anUnknownFormatIsAUsageError() {
        Path result = Fixtures.copy(Fixtures.OPENSEARCH, dir);
        assertThat(report(result.toString(), "--format", "xml")).isEqualTo(CommandLines.USAGE);
    }

    private static int report(String... args) {
        CommandLine rtbench = CommandLines.commandLine(new ReportCommands());
        rtbench.setOut(new PrintWriter(new StringWriter(), true));
        rtbench.setErr(new PrintWriter(new StringWriter(), true));
        List<String> all = new ArrayList<>(List.of("report"));
        all.addAll(List.of(args));
        return rtbench.execute(all.toArray(String[]::new));
    }

    /** Field names with the kind of their value: {@code score:number}, {@code params:object}. */
    private static Map<String, String> keys(JsonNode node) {
        Map<String, String> kinds = new java.util.TreeMap<>();
        node.fields().forEachRemaining(field -> kinds.put(field.getKey(), kind(field.getValue())));
        return kinds;
    }

    private static String kind(JsonNode value) {
        if (value.isNumber() || value.isTextual() && value.asText().equals("NaN")) {
            return "number";
        }
        return value.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static TreeSet<String> fieldNames(JsonNode node) {
        TreeSet<String> names = new TreeSet<>();
        Iterator<String> it = node.fieldNames();
        it.forEachRemaining(names::add);
        return names;
    }
}
