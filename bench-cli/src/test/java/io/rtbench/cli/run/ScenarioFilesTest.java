package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.cli.support.Defaults;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import io.rtbench.servers.connect.ConnectorDefinition;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** The examples in {@code scenarios/} are what users copy: each one must parse and resolve. */
class ScenarioFilesTest {

    private static final Path SCENARIOS = Path.of("..", "scenarios");

    @TempDir
    Path dir;

    static Stream<Path> scenarioFiles() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(SCENARIOS)) {
            files = listing.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(5);
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarioFiles")
    void everyScenarioResolves(Path file) {
        RunSpec spec = RunArgs.parse("run", file.toString()).build("unused.json");

        assertThat(spec.steps()).isNotEmpty();
        assertThat(spec.result().toString()).startsWith("rtbench-out/");
        if (!spec.run().connector().equals("rtbench")) {
            assertThat(Path.of(spec.run().connector()))
                    .as("beside the scenario file")
                    .exists();
        }
    }

    @Test
    void theDebeziumScenarioFillsTheConnectorFileWithTheRunsAddresses() {
        RunSpec spec = RunArgs.parse(
                        "run", SCENARIOS.resolve("postgres-debezium.yaml").toString())
                .build("unused.json");
        TargetConfig target = TargetConfig.of("postgres", URI.create("postgresql://127.0.0.1:41234/rtbench"));

        ConnectorDefinition connector = ConnectorDefinition.read(SCENARIOS.resolve("debezium-jdbc-postgres.json"))
                .withPlaceholders(ConnectStage.placeholders(spec, target));

        assertThat(spec.values().valueFormat()).isEqualTo(ValueFormat.JSON_WITH_SCHEMA);
        assertThat(connector.config())
                .containsEntry("connection.url", "jdbc:postgresql://127.0.0.1:41234/rtbench")
                .containsEntry("topics", "rtbench.events")
                .containsEntry("collection.name.format", target.collection());
    }

    @Test
    void flagsOverrideTheFileAndTheTargetDefaultsToOpenSearch() throws IOException {
        Path file = Files.writeString(dir.resolve("s.yaml"), "rates: [1MB, 2MB]\nduration: 30s\n");
        RunSpec spec = RunArgs.parse("run", file.toString(), "--duration", "5s").build("unused.json");

        assertThat(spec.target().kind()).isEqualTo("opensearch");
        assertThat(spec.pacing().duration()).hasSeconds(5);
        assertThat(spec.steps()).hasSize(2);
    }

    /**
     * The files a scenario names are beside it, wherever rtbench runs; a flag's file is where the user is. Before,
     * {@code connector: scenarios/…} worked from the checkout's root only.
     */
    @Test
    void filesNamedInAScenarioAreRelativeToItAndFlagsToTheWorkingDirectory() throws IOException {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("sink.json"), "{\"name\": \"s\", \"connector.class\": \"x.Sink\"}");
        Files.writeString(elsewhere.resolve("client.properties"), "acks=all\n");
        Files.writeString(dir.resolve("secrets.properties"), "user=u\npassword=p\n");
        Path file = Files.writeString(
                elsewhere.resolve("s.yaml"),
                "servers: external\nbootstrapServers: 127.0.0.1:9092\nconnectUrl: http://127.0.0.1:8083\n"
                        + "targetUrl: http://127.0.0.1:9200\n"
                        + "pipeline: kafka-connect\nconnector: sink.json\nkafkaConfig: client.properties\n"
                        + "credentialsFile: ../secrets.properties\nresult: out/r.json\n");

        RunSpec read = RunArgs.parse("run", file.toString()).build("unused.json");

        assertThat(read.run().connector())
                .isEqualTo(elsewhere.resolve("sink.json").toAbsolutePath().toString());
        assertThat(read.kafka().clientConfig())
                .as("client.properties beside the scenario")
                .containsEntry("acks", "all");
        assertThat(read.target().credentialsFile())
                .isEqualTo(dir.resolve("secrets.properties").toAbsolutePath());
        assertThat(read.result())
                .as("what the run writes stays where the user is")
                .isEqualTo(Path.of("out/r.json"));

        assertThat(RunArgs.options("run", file.toString(), "--connector", "mine.json").connector)
                .isEqualTo("mine.json");
    }

    /** A one-step flag overrides the scenario's list of steps, as every flag overrides the file. */
    @Test
    void aRateFlagOverridesTheScenariosRates() throws IOException {
        Path file = Files.writeString(dir.resolve("s.yaml"), "rates: [1MB, 2MB]\nbatchSizes: [10, 20]\n");

        RunSpec flagged = RunArgs.parse("run", file.toString(), "--rate", "4MB").build("unused.json");
        RunSpec listed =
                RunArgs.parse("run", file.toString(), "--batch-size", "5").build("unused.json");

        assertThat(flagged.rates()).containsExactly(Rate.parse("4MB"));
        assertThat(flagged.batchSizes()).containsExactly(10, 20);
        assertThat(listed.rates()).containsExactly(Rate.parse("1MB"), Rate.parse("2MB"));
        assertThat(listed.batchSizes()).containsExactly(5);
        assertThat(RunArgs.parse("sweep", file.toString(), "--rate", "4MB").rates)
                .as("a sweep of the one rate given")
                .containsExactly(Rate.parse("4MB"));
    }

    /** A setting the user gave in the file counts as given: a dml option with another workload is refused. */
    @Test
    void aScenariosWorkloadOptionsAreTheUsers() throws IOException {
        Path dml = Files.writeString(
                dir.resolve("dml.yaml"), "workload: dml\nupdates: 30%\ntargetOptions:\n" + "  refresh.interval: 1s\n");
        Path wrong = Files.writeString(dir.resolve("wrong.yaml"), "updates: 30%\n");

        RunSpec spec = RunArgs.parse("run", dml.toString()).build("unused.json");

        assertThat(spec.workload().dml())
                .get()
                .extracting(DmlSettings::updateShare)
                .isEqualTo(0.30);
        assertThat(spec.target().options()).containsEntry("refresh.interval", "1s");
        assertThatThrownBy(() -> RunArgs.parse("run", wrong.toString()).build("unused.json"))
                .hasMessageContaining("--updates is an option of --workload dml");
    }

    @Test
    void anUnknownKeyIsNamedWithTheKnownOnes() throws IOException {
        Path file = Files.writeString(dir.resolve("typo.yaml"), "target: clickhouse\nrat: 1MB\n");

        assertThatThrownBy(() -> RunArgs.parse("run", file.toString()))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining(file + ":2:1: unknown setting 'rat'")
                .hasMessageContaining("rates");
    }

    @Test
    void aFileOfCommentsOnlyHasNoSettings() throws IOException {
        Path file = Files.writeString(dir.resolve("empty.yaml"), "# nothing set yet\n\n");

        RunSpecBuilder read = RunArgs.parse("run", file.toString());

        assertThat(read.build("unused.json").target().kind()).isEqualTo(Defaults.TARGET);
        assertThat(RunArgs.parse(
                                "run",
                                Files.writeString(dir.resolve("blank.yaml"), "").toString())
                        .rates)
                .isNull();
    }

    @Test
    void aFileThatIsNotAMapSaysWhatAScenarioIs() throws IOException {
        Path list = Files.writeString(dir.resolve("list.yaml"), "- target: postgres\n- rate: 1MB\n");

        assertThatThrownBy(() -> RunArgs.parse("run", list.toString()))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageStartingWith(list + ":1:1: a scenario is a map of settings")
                .hasMessageNotContaining("''");
    }

    /** One target call's bound: the pipeline commands' default, a scenario's, a flag's; it reaches the driver. */
    @Test
    void theTargetTimeoutReachesTheTargetsConfig() throws IOException {
        Path file = Files.writeString(dir.resolve("t.yaml"), "target: null\ntargetTimeout: 45s\n");
        URI url = URI.create("null://x");

        RunSpec byDefault =
                RunArgs.parse("sweep", "--target", "null", "--rates", "1MB").build("unused.json");
        RunSpec scenario = RunArgs.parse("run", file.toString()).build("unused.json");
        RunSpec flag =
                RunArgs.parse("peak", file.toString(), "--target-timeout", "2m").build("unused.json");

        assertThat(byDefault.target(url, null).timeout()).hasSeconds(30);
        assertThat(scenario.run().targetTimeout()).hasSeconds(45);
        assertThat(RunSpecMapping.scenario(scenario).settings()).containsEntry("targetTimeout", "45s");
        assertThat(flag.run().targetTimeout()).hasMinutes(2);
        assertThatThrownBy(() -> RunArgs.parse("run", "--target-timeout", "0s").build("unused.json"))
                .hasMessage("--target-timeout must be positive, got 0s");
    }

    @Test
    void aValueTheFlagsConverterRefusesIsNamedWithItsLine() throws IOException {
        Path file = Files.writeString(dir.resolve("avro.yaml"), "target: null\nvalueFormat: avro\n");
        Path lots = Files.writeString(dir.resolve("lots.yaml"), "batchSizes: [10, lots]\n");
        Path map = Files.writeString(dir.resolve("map.yaml"), "targetOptions: 1s\n");

        assertThatThrownBy(() -> RunArgs.parse("run", file.toString()))
                .hasMessage(file + ":2:1: 'valueFormat': 'avro' is not a value format; use json or json-with-schema");
        assertThatThrownBy(() -> RunArgs.parse("run", lots.toString()))
                .hasMessage(lots + ":1:1: 'batchSizes' must be a whole number, got 'lots'");
        assertThatThrownBy(() -> RunArgs.parse("run", map.toString()))
                .hasMessage(map + ":1:1: 'targetOptions' must be a map of NAME: VALUE");
    }

    /** SnakeYAML's problem where it found it, not the context it was parsing (which named line 1 for a tab on line 2). */
    @Test
    void aFileThatIsNotYamlSaysWhatAndWhere() throws IOException {
        Path tab = Files.writeString(dir.resolve("tab.yaml"), "target: null\n\trate: 1MB\n");
        Path open = Files.writeString(dir.resolve("open.yaml"), "target: null\nrates: [1MB, 2MB\n");

        assertThatThrownBy(() -> RunArgs.parse("run", tab.toString()))
                .hasMessage(tab + ":2:1: not valid YAML: found character '\\t(TAB)' that cannot start any token. (Do"
                        + " not use \\t(TAB) for indentation)");
        assertThatThrownBy(() -> RunArgs.parse("run", open.toString()))
                .hasMessage(open + ":3:1: not valid YAML: expected ',' or ']', but got <stream end> (while parsing a"
                        + " flow sequence from line 2)");
    }

    /** A key given twice would otherwise be replaced by the second without a word. */
    @Test
    void aSettingGivenTwiceIsRefused() throws IOException {
        Path twice = Files.writeString(dir.resolve("twice.yaml"), "target: null\nwarmup: 1s\nwarmup: 2s\n");
        Path option = Files.writeString(
                dir.resolve("option.yaml"), "target: null\ntargetOptions:\n  shards: 1\n  shards: 2\n");

        assertThatThrownBy(() -> RunArgs.parse("run", twice.toString()))
                .hasMessage(twice + ":3:7: 'warmup' is set twice; set it once");
        assertThatThrownBy(() -> RunArgs.parse("run", option.toString()))
                .hasMessageStartingWith(option + ":4:")
                .hasMessageEndingWith("'shards' is set twice; set it once");
    }
}
