package io.rtbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.result.StepResult.DocBytes;
import io.rtbench.core.result.StepResult.EventCounts;
import io.rtbench.core.result.StepResult.StepRate;
import io.rtbench.core.utilisation.HostUtilisation;
import io.rtbench.core.utilisation.Utilisation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aResultPathThatCouldNotBeWrittenSaysWhyBeforeAnythingIsMeasured() throws IOException {
        assertThat(ResultFiles.unwritable(dir.resolve("result.json"))).isEmpty();
        assertThat(ResultFiles.unwritable(dir.resolve("new/folders/result.json")))
                .as("missing folders are made as the result is written")
                .isEmpty();
        assertThat(ResultFiles.unwritable(dir))
                .hasValue(dir + " is a folder; give a file in it, e.g. " + dir.resolve("result.json"));
        Path file = Files.writeString(dir.resolve("a-file"), "");
        assertThat(ResultFiles.unwritable(file.resolve("deeper/x.json")))
                .hasValue("cannot write " + file.resolve("deeper/x.json") + ": " + file + " is a file, not a folder");
        assertThat(ResultFiles.unwritable(file))
                .as("an existing result is replaced")
                .isEmpty();
    }

    @Test
    void aWrittenResultValidatesAgainstTheSchemaAndReadsBack() throws IOException {
        RunResult result = sampleRun().finished(Instant.parse("2026-11-22T10:01:00Z"), true);
        Path file = dir.resolve("sub/result.json");

        ResultFiles.write(file, result);

        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/steps/0/rate/targetEventsPerSec").isNull())
                .as("--rate max is an explicit null")
                .isTrue();
        assertThat(written.at("/scenario/rate").asText()).isEqualTo("max");
        assertThat(written.at("/startedAt").asText()).isEqualTo("2026-11-22T10:00:00Z");
        assertThat(ResultFiles.read(file)).isEqualTo(result);
        try (var files = Files.list(file.getParent())) {
            assertThat(files).as("no temp file left behind").containsExactly(file);
        }
    }

    @Test
    void aPeakWithTheRateThatFailedAboveItValidatesAndReadsBack() throws IOException {
        RunResult result = sampleRun()
                .withPeak(new RunResult.Peak(
                        11_990.0,
                        14_987_500.0,
                        "sustained: …",
                        1,
                        new RunResult.Peak.NotSustained(
                                14_000, List.of("backlog grew 400 events/s (0 to 9,000 events)")),
                        true))
                .finished(Instant.parse("2026-11-22T10:01:00Z"), true);
        Path file = dir.resolve("peak.json");

        ResultFiles.write(file, result);

        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/peak/notSustainedAbove/reasons/0").asText()).startsWith("backlog grew");
        assertThat(ResultFiles.read(file)).isEqualTo(result);
    }

    @Test
    void anInterruptedRunIsValidToo() throws IOException {
        RunResult interrupted = RunResult.started(
                        "r2",
                        Instant.parse("2026-11-22T10:00:00Z"),
                        RunEnvironment.detect(),
                        sampleRun().scenario())
                .finished(Instant.parse("2026-11-22T10:00:05Z"), false);
        Path file = dir.resolve("r2.json");
        ResultFiles.write(file, interrupted);
        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.get("complete").asBoolean()).isFalse();
        assertThat(written.get("steps")).isEmpty();
    }

    @Test
    void theValidatorRejectsABrokenFile() throws IOException {
        // Guards the test above: a validator that accepts anything would make it pass vacuously.
        JsonNode broken = JSON.readTree("{\"schema\":\"rtbench.result/v1\",\"steps\":[{\"rate\":{}}]}");
        assertThat(validate(broken)).isNotEmpty();
    }

    @Test
    void rewritingReplacesTheFileAtomically() {
        Path file = dir.resolve("r.json");
        RunResult run = sampleRun();
        ResultFiles.write(file, run);
        RunResult twoSteps = run.withStep(run.steps().get(0));
        ResultFiles.write(file, twoSteps);
        assertThat(ResultFiles.read(file).steps()).hasSize(2);
    }

    @Test
    void aResultIsReadableByOthersLikeAnyFileTheUserWrites() throws IOException {
        Path file = dir.resolve("shared.json");
        ResultFiles.write(file, sampleRun());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-r--r--");
    }

    @Test
    void aStepWithRepetitionsValidatesAndReadsBack() throws IOException {
        LatencySummary data = new LatencySummary(9, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        StepRepetitions repetitions = new StepRepetitions(
                2,
                1,
                1,
                5.0,
                Map.of(
                        Metrics.DATA,
                        new StepRepetitions.MetricScores(
                                ForkStatistics.score(java.util.List.of(1.0, 1.2)),
                                ForkStatistics.score(java.util.List.of(4.0, 4.4)))),
                java.util.List.of(
                        new StepRepetitions.Iteration(
                                1, 1, 5.0, Map.of(Metrics.DATA, data), "r.step-1.fork-1.iteration-1.hlog"),
                        new StepRepetitions.Iteration(2, 1, 5.0, Map.of(Metrics.DATA, data), null)));
        RunResult run = sampleRun();
        RunResult repeated = run.withSteps(java.util.List.of(run.steps().get(0).toBuilder()
                .histogramLog(null)
                .repetitions(repetitions)
                .build()));
        Path file = dir.resolve("repeated.json");

        ResultFiles.write(file, repeated);

        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/steps/0/repetitions/scores/data/p50/scoreConfidence")
                        .size())
                .isEqualTo(2);
        assertThat(ResultFiles.read(file)).isEqualTo(repeated);
    }

    @Test
    void aStepWithTheTargetsUtilisationValidatesAndReadsBackWithoutTheFiguresNotMeasured() throws IOException {
        RunResult run = sampleRun();
        Utilisation utilisation = Utilisation.of(
                "api:clickhouse",
                java.util.List.of(
                        new Utilisation.Sample(0.0, null, null, 4096L),
                        new Utilisation.Sample(1.001, null, null, 8192L)));
        RunResult measured = run.withSteps(java.util.List.of(
                run.steps().get(0).toBuilder().utilisation(utilisation).build()));
        Path file = dir.resolve("utilisation.json");

        ResultFiles.write(file, measured);

        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/steps/0/utilisation/summary").toString())
                .isEqualTo("{\"diskBytesFirst\":4096,\"diskBytesLast\":8192,\"samples\":2}");
        assertThat(written.at("/steps/0/utilisation/series/1").toString())
                .isEqualTo("{\"offsetSec\":1.001,\"diskBytes\":8192}");
        assertThat(ResultFiles.read(file)).isEqualTo(measured);
        ((com.fasterxml.jackson.databind.node.ObjectNode) written.at("/steps/0/utilisation/series/0"))
                .put("cpuPercent", -1);
        assertThat(validate(written)).as("a negative CPU").isNotEmpty();
    }

    @Test
    void aStepWithTheHarnessAndTheMachineValidatesAndReadsBackWithoutTheFiguresNotRead() throws IOException {
        RunResult run = sampleRun();
        java.util.List<Utilisation.Sample> rtbench = java.util.List.of(
                new Utilisation.Sample(0, null, 300_000_000L, null),
                new Utilisation.Sample(1, 85.5, 310_000_000L, null));
        java.util.List<Utilisation.Sample> machine = java.util.List.of(
                new Utilisation.Sample(0, null, null, null), new Utilisation.Sample(1, 93.0, null, null));
        HostUtilisation host = new HostUtilisation(
                new HostUtilisation.Harness(
                        1,
                        Utilisation.Summary.of(rtbench),
                        rtbench,
                        Map.of("rtbench", new Utilisation("process", 1, Utilisation.Summary.of(rtbench), rtbench))),
                new HostUtilisation.Machine(2, Utilisation.Summary.of(machine), machine));
        RunResult measured = run.withSteps(
                java.util.List.of(run.steps().get(0).toBuilder().host(host).build()));
        Path file = dir.resolve("host.json");

        ResultFiles.write(file, measured);

        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/steps/0/host/machine/summary").toString())
                .isEqualTo("{\"cpuPercentMean\":93.0,\"cpuPercentMax\":93.0,\"samples\":2}");
        assertThat(written.at("/steps/0/host/harness/parts/rtbench/cores").asInt())
                .isEqualTo(1);
        assertThat(ResultFiles.read(file)).isEqualTo(measured);
        ((ObjectNode) written.at("/steps/0/host/machine")).remove("summary");
        assertThat(validate(written)).as("a machine without its summary").isNotEmpty();
    }

    @Test
    void aStepOnSeveralHostsWithItsWorkersValidatesAndReadsBack() throws IOException {
        LatencySummary data = new LatencySummary(9, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        java.util.List<Utilisation.Sample> cpu = java.util.List.of(new Utilisation.Sample(0, 40.0, null, null));
        HostUtilisation workerHost =
                HostUtilisation.of(null, new HostUtilisation.Machine(4, Utilisation.Summary.of(cpu), cpu));
        RunResult run = sampleRun();
        RunResult onHosts = run.withSteps(java.util.List.of(run.steps().get(0).toBuilder()
                .workers(java.util.List.of(
                        new StepResult.WorkerShare("a", 2, 1_000, 0, 1L, Map.of(Metrics.DATA, data), workerHost),
                        new StepResult.WorkerShare("b", 1, 500, 2, null, Map.of(), null)))
                .build()));
        Path file = dir.resolve("hosts.json");

        ResultFiles.write(file, onHosts);

        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/steps/0/workers/0/latencyMs/data/count").asLong())
                .isEqualTo(9);
        assertThat(written.at("/steps/0/workers/1").has("probeErrors")).isFalse();
        assertThat(written.at("/steps/0/workers/0/host/machine/cores").asInt())
                .as("each worker's own machine")
                .isEqualTo(4);
        assertThat(written.at("/steps/0/workers/1").has("host")).isFalse();
        assertThat(ResultFiles.read(file)).isEqualTo(onHosts);
        assertThat(JSON.readTree(dir.resolve("hosts.json").toFile())
                        .at("/steps/0/workers")
                        .size())
                .isEqualTo(2);
        ((ObjectNode) written.at("/steps/0/workers/0/host/machine")).remove("summary");
        assertThat(validate(written))
                .as("a worker's machine without its summary")
                .isNotEmpty();
    }

    @Test
    void probesBeforeTheFirstVisibleEventAreWrittenAndReadBackAndZeroIsNotValid() throws IOException {
        RunResult run = sampleRun();
        StepResult late = run.steps().get(0).toBuilder().probesBeforeVisible(3L).build();
        RunResult result = run.withSteps(List.of(late)).finished(Instant.parse("2026-11-22T10:01:00Z"), true);
        Path file = dir.resolve("late.json");

        ResultFiles.write(file, result);

        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/steps/0/probesBeforeVisible").asLong()).isEqualTo(3);
        assertThat(ResultFiles.read(file)).isEqualTo(result);
        ((ObjectNode) written.at("/steps/0")).put("probesBeforeVisible", 0);
        assertThat(validate(written)).as("none is absent, not 0").isNotEmpty();
    }

    @Test
    void aStepOnOneHostHasNoWorkers() throws IOException {
        Path file = dir.resolve("one.json");
        ResultFiles.write(file, sampleRun());
        assertThat(JSON.readTree(file.toFile()).at("/steps/0").has("workers")).isFalse();
    }

    /** Workload mixed: the reads of a step, their windows and the select latency validate and read back. */
    @Test
    void aStepWithReadsValidatesAndReadsBack() throws IOException {
        RunResult run = sampleRun();
        LatencySummary select = new LatencySummary(1000, 0.4, 3.0, 8.0, 38.0, 75.0, 77.0);
        StepResult step = run.steps().get(0).toBuilder()
                .latencies(Map.of(Metrics.SELECT, select))
                .reads(new StepReads(
                        "point",
                        200,
                        1000,
                        999,
                        1,
                        3,
                        0,
                        0,
                        4000L,
                        0.2,
                        5.0,
                        List.of(new StepReads.Window(1, 0, 5.0, Map.of(Metrics.SELECT, select)))))
                .build();
        RunResult mixed = run.withSteps(List.of(step)).finished(Instant.parse("2026-11-22T10:01:00Z"), true);
        Path file = dir.resolve("mixed.json");

        ResultFiles.write(file, mixed);

        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/steps/0/reads/readErrors").asLong()).isEqualTo(1);
        assertThat(written.at("/steps/0/reads/windows/0/latencyMs/select/p99").asDouble())
                .isEqualTo(38.0);
        assertThat(ResultFiles.read(file)).isEqualTo(mixed);
        ((com.fasterxml.jackson.databind.node.ObjectNode) written.at("/steps/0/reads")).put("query", "scan");
        assertThat(validate(written)).as("an unknown query").isNotEmpty();
    }

    @Test
    void aStepWithFaultsValidatesAndReadsBackWithoutTheFiguresNotMeasured() throws IOException {
        RunResult run = sampleRun();
        StepFault recovered = new StepFault(
                "target-pause@5s+4s",
                null,
                5.01,
                9.02,
                1_795_981_437_010L,
                1_795_981_441_020L,
                5.0,
                12.5,
                62.5,
                4_120.0,
                true,
                2.1,
                2_150L,
                1_480.0);
        StepFault notRecovered = new StepFault(
                "target-pause@15s+4s",
                null,
                15.0,
                19.0,
                1_795_981_447_000L,
                1_795_981_451_000L,
                5.0,
                12.5,
                62.5,
                4_090.0,
                false,
                null,
                null,
                null);
        StepResult step = run.steps().get(0).toBuilder()
                .faults(List.of(recovered, notRecovered))
                .build();
        RunResult faulty = run.withSteps(List.of(step)).finished(Instant.parse("2026-11-22T10:01:00Z"), true);
        Path file = dir.resolve("faults.json");

        ResultFiles.write(file, faulty);

        JsonNode written = JSON.readTree(file.toFile());
        assertThat(validate(written)).isEmpty();
        assertThat(written.at("/steps/0/faults/0/timeToRecoverSec").asDouble()).isEqualTo(2.1);
        assertThat(written.at("/steps/0/faults/1/recovered").asBoolean()).isFalse();
        assertThat(written.at("/steps/0/faults/1").has("timeToRecoverSec"))
                .as("absent, not 0")
                .isFalse();
        assertThat(ResultFiles.read(file)).isEqualTo(faulty);
        ((ObjectNode) written.at("/steps/0/faults/0")).remove("startEpochMs");
        assertThat(validate(written)).as("a fault without its window").isNotEmpty();
        assertThat(sampleRun().steps().get(0).toBuilder()
                        .faults(List.of())
                        .build()
                        .faults())
                .as("no fault: absent")
                .isNull();
    }

    static RunResult sampleRun() {
        Scenario scenario = new Scenario("kafka", "none", 50, 1, 1250, 42L, 0L, Map.of("rate", "max"));
        RunResult started =
                RunResult.started("r1", Instant.parse("2026-11-22T10:00:00Z"), RunEnvironment.detect(), scenario);
        StepResult step = StepResult.builder()
                .rate(new StepRate(null, null, 81234.5, 101543125.0))
                .batchSize(50)
                .durationSec(30.0)
                .docBytes(new DocBytes(1250.0, 1247, 1253, 60))
                .events(EventCounts.producedOnly(2_437_035, 0))
                .latencies(Map.of(
                        Metrics.PRODUCE_ACK, new LatencySummary(2_437_035, 3.1, 5.2, 6.0, 9.9, 20.1, 45.0),
                        Metrics.SCHEDULE_DELAY, new LatencySummary(48_741, 0.01, 0.02, 0.03, 0.2, 0.5, 1.1)))
                .build();
        return started.withStep(step);
    }

    private static Set<ValidationMessage> validate(JsonNode document) throws IOException {
        try (InputStream schemaText = ResultFiles.class.getResourceAsStream("result.schema.json")) {
            // The result schema names itself with a relative $id ("rtbench.result/v1"), which this validator refuses
            // to resolve; the id names the schema and plays no part in validating a document, so drop it here.
            ObjectNode schemaNode = (ObjectNode) JSON.readTree(schemaText);
            schemaNode.remove("$id");
            JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(schemaNode);
            return schema.validate(document);
        }
    }
}
