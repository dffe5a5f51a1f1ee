package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.cli.support.Defaults;
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
        RunSpec spec = ScenarioFile.read(file).build("unused.json");

        assertThat(spec.steps()).isNotEmpty();
        assertThat(spec.result().toString()).startsWith("rtbench-out/");
        if (!spec.connector().equals("rtbench")) {
            assertThat(Path.of(spec.connector())).as("beside the scenario file").exists();
        }
    }

    @Test
    void theDebeziumScenarioFillsTheConnectorFileWithTheRunsAddresses() {
        RunSpec spec =
                ScenarioFile.read(SCENARIOS.resolve("postgres-debezium.yaml")).build("unused.json");
        TargetConfig target = TargetConfig.of("postgres", URI.create("postgresql://127.0.0.1:41234/rtbench"));

        ConnectorDefinition connector = ConnectorDefinition.read(SCENARIOS.resolve("debezium-jdbc-postgres.json"))
                .withPlaceholders(ConnectStage.placeholders(spec, target));

        assertThat(spec.valueFormat()).isEqualTo(ValueFormat.JSON_WITH_SCHEMA);
        assertThat(connector.config())
                .containsEntry("connection.url", "jdbc:postgresql://127.0.0.1:41234/rtbench")
                .containsEntry("topics", "rtbench.events")
                .containsEntry("collection.name.format", target.collection());
    }

    @Test
    void flagsOverrideTheFileAndTheTargetDefaultsToOpenSearch() throws IOException {
        Path file = Files.writeString(dir.resolve("s.yaml"), "rates: [1MB, 2MB]\nduration: 30s\n");
        RunSpecBuilder flags = new RunSpecBuilder();
        flags.duration = "5s";

        RunSpec spec = ScenarioFile.read(file).overriddenBy(flags).build("unused.json");

        assertThat(spec.target()).isEqualTo("opensearch");
        assertThat(spec.duration()).hasSeconds(5);
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
                "pipeline: kafka-connect\nconnector: sink.json\nkafkaConfig: client.properties\n"
                        + "credentialsFile: ../secrets.properties\nresult: out/r.json\n");

        RunSpecBuilder read = ScenarioFile.read(file);

        assertThat(read.connector)
                .isEqualTo(elsewhere.resolve("sink.json").toAbsolutePath().toString());
        assertThat(read.kafkaConfig)
                .isEqualTo(
                        elsewhere.resolve("client.properties").toAbsolutePath().toString());
        assertThat(read.credentialsFile)
                .isEqualTo(dir.resolve("secrets.properties").toAbsolutePath().toString());
        assertThat(read.result)
                .as("what the run writes stays where the user is")
                .isEqualTo("out/r.json");
        assertThat(read.build("unused.json").connector()).isEqualTo(read.connector);

        RunSpecBuilder flags = new RunSpecBuilder();
        flags.connector = "mine.json";
        assertThat(ScenarioFile.read(file).overriddenBy(flags).connector).isEqualTo("mine.json");
    }

    @Test
    void anUnknownKeyIsNamedWithTheKnownOnes() throws IOException {
        Path file = Files.writeString(dir.resolve("typo.yaml"), "target: clickhouse\nrat: 1MB\n");

        assertThatThrownBy(() -> ScenarioFile.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown setting 'rat'")
                .hasMessageContaining("rates");
    }

    @Test
    void aFileOfCommentsOnlyHasNoSettings() throws IOException {
        Path file = Files.writeString(dir.resolve("empty.yaml"), "# nothing set yet\n\n");

        RunSpecBuilder read = ScenarioFile.read(file);

        assertThat(read.target).isNull();
        assertThat(read.build("unused.json").target()).isEqualTo(Defaults.TARGET);
        assertThat(ScenarioFile.read(Files.writeString(dir.resolve("blank.yaml"), "")).rates)
                .isNull();
    }

    @Test
    void aFileThatIsNotAMapSaysWhatAScenarioIs() throws IOException {
        Path list = Files.writeString(dir.resolve("list.yaml"), "- target: postgres\n- rate: 1MB\n");

        assertThatThrownBy(() -> ScenarioFile.read(list))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(list + ":1:1: a scenario is a map of settings")
                .hasMessageNotContaining("''");
    }

    @Test
    void anUnknownValueFormatIsNamed() {
        RunSpecBuilder builder = new RunSpecBuilder();
        builder.valueFormat = "avro";

        assertThatThrownBy(() -> builder.build("unused.json"))
                .hasMessage("valueFormat (--value-format): 'avro' is not a value format; use json or json-with-schema");
    }
}
