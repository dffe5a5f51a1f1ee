package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.cli.support.UsageException;
import io.rtbench.core.time.Durations;
import io.rtbench.producer.ProducerSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunSpecMappingTest {

    @TempDir
    Path dir;

    @Test
    void kafkaClientPropertiesReachTheProducerButNeverTheResult() throws IOException {
        Path file = Files.writeString(
                dir.resolve("kafka.properties"),
                "security.protocol=SASL_SSL\nsasl.jaas.config=secret-login-module password=\"hunter2\";\n");
        RunSpecBuilder builder = RunSpecBuilder.defaults();
        builder.target(set -> set.withKind("clickhouse"));
        builder.kafka(set -> set.withConfigFile(file));

        RunSpec spec = builder.build("unused.json");
        ProducerSettings producer = RunSpecMapping.producer(spec, "127.0.0.1:9092", null);

        assertThat(producer.kafka().clientConfig()).containsEntry("security.protocol", "SASL_SSL");
        String scenario = new ObjectMapper().writeValueAsString(RunSpecMapping.scenario(spec));
        assertThat(scenario).doesNotContain("hunter2").doesNotContain("sasl");
    }

    /** kafkaHop and sinkWrite are timed by the bridge and rtbench's sink plugin, not by a database or Debezium. */
    @Test
    void theStagesNobodyTimesAreListedAsNotObservable() throws IOException {
        Path connector = Files.writeString(
                dir.resolve("debezium.json"),
                "{\"name\":\"x\",\"config\":"
                        + "{\"connector.class\":\"io.debezium.connector.jdbc.JdbcSinkConnector\"}}");
        for (String pipeline : new String[] {"kafka-bridge", "kafka-connect", "native"}) {
            for (String plugin : new String[] {"rtbench", connector.toString()}) {
                RunSpecBuilder builder = RunSpecBuilder.defaults();
                builder.target(set -> set.withKind("clickhouse"));
                builder.run(set -> set.withPipeline(pipeline));
                builder.run(set -> set.withConnector(plugin));
                RunSpec spec = builder.build("unused.json");
                boolean hidden =
                        pipeline.equals("native") || (pipeline.equals("kafka-connect") && !plugin.equals("rtbench"));
                assertThat(RunSpecMapping.scenario(spec).settings().containsKey("notObservable"))
                        .as("%s with connector %s", pipeline, plugin)
                        .isEqualTo(hidden);
            }
        }
    }

    @Test
    void anUnreadableKafkaConfigIsNamed() {
        RunSpecBuilder builder = RunSpecBuilder.defaults();
        builder.kafka(set -> set.withConfigFile(dir.resolve("missing.properties")));

        assertThatThrownBy(() -> builder.build("unused.json"))
                .isInstanceOf(UsageException.class)
                .hasMessage("--kafka-config: cannot read " + dir.resolve("missing.properties") + ": no such file");
    }

    @Test
    void aMixedRunWhoseStepsAreShorterThanTheReadAgeSaysSoBeforeItStarts() {
        RunSpecBuilder builder = RunSpecBuilder.defaults();
        builder.target(set -> set.withKind("clickhouse"));
        builder.workload = "mixed";
        builder.readRate = "50/s";
        builder.pacing(set -> set.withWarmup(Durations.parse("3s")));
        builder.pacing(set -> set.withDuration(Durations.parse("10s")));

        assertThat(RunLauncher.readAgeNote(builder.build("unused.json")))
                .hasValue("note: reads pick events written at least 30m ago (--read-age) and a step lasts 13s"
                        + " (--warmup + --duration): reads are skipped, and counted as skipped, until the run's first"
                        + " events are that old");
        builder.readAge = "13s";
        assertThat(RunLauncher.readAgeNote(builder.build("unused.json"))).isEmpty();
        builder.workload = null;
        builder.readRate = null;
        builder.readAge = null;
        assertThat(RunLauncher.readAgeNote(builder.build("unused.json"))).isEmpty();
    }

    @Test
    void withAnIterationTimeTheScenarioLeavesOutTheDurationItDidNotUse() {
        RunSpecBuilder builder = RunSpecBuilder.defaults();
        builder.target(set -> set.withKind("clickhouse"));
        builder.repetitions(set -> set.withForks(2).withIterations(2, Durations.parse("5s")));

        // a real run's report listed "duration=1m" (the default) for windows of 2 x 5 s
        assertThat(RunSpecMapping.scenario(builder.build("unused.json")).settings())
                .doesNotContainKey("duration")
                .containsEntry("iterationTime", "5s");
        builder.repetitions(set -> set.withIterations(2, null));
        builder.pacing(set -> set.withDuration(Durations.parse("20s")));
        assertThat(RunSpecMapping.scenario(builder.build("unused.json")).settings())
                .as("without --iteration-time each window lasts --duration")
                .containsEntry("duration", "20s")
                .containsEntry("iterationTime", "20s");
    }
}
