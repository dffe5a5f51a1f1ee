package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.fault.Fault;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code run --fault} as set and as refused before anything starts (docs/MEASUREMENT.md, "Freshness under faults";
 * docs/GUIDE.md, "One mistake, one exit code, one wording").
 */
class FaultSettingsTest {

    @TempDir
    Path dir;

    @Test
    void faultsComeFromRepeatedFlagsOrTheScenarioAndAreRecordedInTheResultsScenario() throws IOException {
        RunSpec flags = resolve(
                "run", "--target", "postgres", "--fault", "target-pause@5s+4s", "--fault", "target-pause@20s+1s");

        assertThat(flags.faults())
                .containsExactly(Fault.parse("target-pause@5s+4s"), Fault.parse("target-pause@20s+1s"));
        assertThat(RunSpecMapping.scenario(flags).settings())
                .containsEntry("fault", List.of("target-pause@5s+4s", "target-pause@20s+1s"));

        Path scenario = Files.writeString(
                dir.resolve("s.yaml"), "target: postgres\nfault: [target-pause@10s+5s, target-pause@30s+5s]\n");
        assertThat(resolve("run", scenario.toString()).faults()).hasSize(2);
        assertThat(resolve("run", scenario.toString(), "--fault", "target-pause@1s+1s")
                        .faults())
                .as("the flag wins over the file")
                .containsExactly(Fault.parse("target-pause@1s+1s"));
        assertThat(resolve("run", "--target", "postgres").faults()).isEmpty();
        assertThat(RunSpecMapping.scenario(resolve("run", "--target", "postgres"))
                        .settings())
                .doesNotContainKey("fault");
    }

    /** A sweep injects its faults into each rate's step; a peak search takes none (it would lower the peak it finds). */
    @Test
    void aSweepTakesFaultsForEachStepAndAPeakSearchNone() {
        RunSpec sweep =
                resolve("sweep", "--target", "postgres", "--rates", "500/s,1000/s", "--fault", "target-pause@5s+4s");
        assertThat(sweep.faults()).containsExactly(Fault.parse("target-pause@5s+4s"));
        assertThat(sweep.rates()).hasSize(2);
        assertThat(usageError("sweep", "--target", "reference", "--rates", "500/s", "--fault", "target-pause@5s+4s"))
                .startsWith("rtbench sweep: --fault target-pause: the reference target lives inside rtbench");
        assertThat(usageError("peak", "--target", "postgres", "--fault", "target-pause@5s+4s"))
                .isEqualTo("rtbench peak: unknown option --fault (see --help)");
    }

    @Test
    void anUnknownKindOrAMalformedFaultIsAUsageErrorSayingTheForm() {
        assertThat(usageError("run", "--target", "postgres", "--fault", "broker-pause@5s+4s"))
                .isEqualTo("rtbench run: --fault: unknown fault kind 'broker-pause'; known: target-pause,"
                        + " target-restart, broker-restart, sink-kill, rebalance (see --help)");
        assertThat(usageError("run", "--target", "postgres", "--fault", "target-pause@5s"))
                .isEqualTo("rtbench run: --fault: 'target-pause@5s' is not a fault; use KIND@AT+FOR, e.g."
                        + " target-pause@10s+5s (see --help)");
    }

    @Test
    void aTargetWithoutAProcessOfItsOwnOrOneRtbenchDoesNotRunCannotBePaused() {
        assertThat(usageError("run", "--target", "reference", "--fault", "target-pause@5s+4s"))
                .isEqualTo("rtbench run: --fault target-pause: the reference target lives inside rtbench, with no"
                        + " process of its own to pause (see --help)");
        assertThat(usageError(
                        "run",
                        "--target",
                        "postgres",
                        "--servers",
                        "external",
                        "--target-url",
                        "postgresql://127.0.0.1:1/db",
                        "--bootstrap-servers",
                        "127.0.0.1:1",
                        "--fault",
                        "target-pause@5s+4s"))
                .startsWith("rtbench run: --fault target-pause: with --servers external only a database that"
                        + " `rtbench servers start` runs on this host can be paused")
                .endsWith("none runs at postgresql://127.0.0.1:1/db (see --help)");
    }

    @Test
    void aDatabaseTheRunStartsIsPausedWithEitherProvider() {
        List<Fault> pause = List.of(Fault.parse("target-pause@5s+4s"));

        for (String provider : List.of("local", "docker", "")) {
            FaultChecks.check(
                    pause, true, "postgres", null, Duration.ofSeconds(60), Map.of("RTBENCH_SERVERS", provider));
        }
        FaultChecks.check(
                pause,
                true,
                "postgres",
                URI.create("postgresql://127.0.0.1:5432/db"),
                Duration.ofSeconds(60),
                Map.of());
        assertThatThrownBy(() -> FaultChecks.check(
                        pause, true, "reference", null, Duration.ofSeconds(60), Map.of("RTBENCH_SERVERS", "docker")))
                .hasMessage("--fault target-pause: the reference target lives inside rtbench, with no process of its"
                        + " own to pause");
    }

    @Test
    void theDatabaseAndTheBrokerThatTheRunStartsAreRestartedAlsoTogetherAndBesideAPause() {
        RunSpec run = resolve(
                "run",
                "--target",
                "clickhouse",
                "--fault",
                "target-restart@5s+4s",
                "--fault",
                "broker-restart@7s+4s",
                "--fault",
                "target-pause@10s+2s");

        assertThat(run.faults())
                .extracting(Fault::toString)
                .containsExactly("target-restart@5s+4s", "broker-restart@7s+4s", "target-pause@10s+2s");
        assertThat(RunSpecMapping.scenario(run).settings())
                .containsEntry("fault", List.of("target-restart@5s+4s", "broker-restart@7s+4s", "target-pause@10s+2s"));
        assertThat(resolve("run", "--target", "postgres", "--fault", "target-restart@5s+4s")
                        .faults())
                .hasSize(1);
    }

    @Test
    void aRestartOfAServerTheRunDoesNotStartOrCannotRestartWithItsDataIsAUsageError() {
        assertThat(usageError("run", "--target", "null", "--fault", "target-restart@5s+4s"))
                .isEqualTo("rtbench run: --fault target-restart: the null target lives inside rtbench, with no server"
                        + " of its own to restart (see --help)");
        // every database's local server restarts with its data: only a server of yours or a background one is refused
        for (String target : List.of("postgres", "clickhouse", "opensearch", "elasticsearch", "questdb")) {
            assertThat(resolve("run", "--target", target, "--fault", "target-restart@5s+4s")
                            .faults())
                    .hasSize(1);
        }
        String external = "rtbench run: --fault %s: rtbench restarts only a %s it starts itself (--servers local): a"
                + " server of yours, or one `rtbench servers start` runs, would not come back with its data (see"
                + " --help)";
        for (String kind : List.of("target-restart", "broker-restart")) {
            assertThat(usageError(
                            "run",
                            "--target",
                            "postgres",
                            "--servers",
                            "external",
                            "--target-url",
                            "postgresql://127.0.0.1:1/db",
                            "--bootstrap-servers",
                            "127.0.0.1:1",
                            "--fault",
                            kind + "@5s+4s"))
                    .isEqualTo(external.formatted(kind, kind.equals("target-restart") ? "database" : "broker"));
        }
    }

    @Test
    void aBrokerRestartNeedsAPipelineThroughKafka() {
        assertThat(usageError("run", "--target", "postgres", "--pipeline", "direct", "--fault", "broker-restart@5s+4s"))
                .isEqualTo("rtbench run: --fault broker-restart: pipeline direct has no Kafka broker to restart (see"
                        + " --help)");
        FaultChecks.requirePipeline(List.of(Fault.parse("broker-restart@5s+4s")), Pipeline.KAFKA_CONNECT, true, 1);
        FaultChecks.requirePipeline(List.of(Fault.parse("target-restart@5s+4s")), Pipeline.DIRECT, true, 1);
    }

    @Test
    void theBridgeIsKilledAndRebalancedOnAnyServersBesideFaultsOfOtherParts() {
        RunSpec run = resolve(
                "run",
                "--target",
                "postgres",
                "--fault",
                "sink-kill@5s+3s",
                "--fault",
                "rebalance@10s+4s",
                "--fault",
                "target-pause@6s+2s");

        assertThat(run.faults())
                .extracting(Fault::toString)
                .containsExactly("sink-kill@5s+3s", "rebalance@10s+4s", "target-pause@6s+2s");
        assertThat(resolve(
                                "run",
                                "--target",
                                "reference",
                                "--servers",
                                "external",
                                "--bootstrap-servers",
                                "127.0.0.1:1",
                                "--bridge-threads",
                                "8",
                                "--fault",
                                "rebalance@5s+4s")
                        .faults())
                .as("a topic of the user's broker may have more partitions: the sink checks it when it starts")
                .hasSize(1);
    }

    @Test
    void aSinkFaultWithoutASinkOfRtbenchsIsAUsageError() {
        for (String kind : List.of("sink-kill", "rebalance")) {
            for (String pipeline : List.of("native", "direct")) {
                assertThat(usageError(
                                "run", "--target", "clickhouse", "--pipeline", pipeline, "--fault", kind + "@5s+4s"))
                        .isEqualTo("rtbench run: --fault " + kind + ": pipeline " + pipeline + " has no sink that"
                                + " rtbench runs; the bridge (--pipeline kafka-bridge) and the Connect worker the run"
                                + " starts (--pipeline kafka-connect) have (see --help)");
            }
        }
    }

    @Test
    void aRebalanceNeedsMorePartitionsThanTheBridgesConsumers() {
        assertThat(usageError("run", "--target", "postgres", "--bridge-threads", "4", "--fault", "rebalance@5s+4s"))
                .isEqualTo("rtbench run: --fault rebalance: the topic the run creates has 4 partitions, no more than"
                        + " the bridge's 4 consumers (--bridge-threads): a second bridge joining the group might take"
                        + " none; give the topic more partitions than --bridge-threads (see --help)");
        assertThatThrownBy(() -> FaultChecks.requireMovablePartitions("topic events.x", 1, 1))
                .hasMessage("--fault rebalance: topic events.x has 1 partition, no more than the bridge's 1 consumer"
                        + " (--bridge-threads): a second bridge joining the group might take none; give the topic"
                        + " more partitions than --bridge-threads");
        FaultChecks.requireMovablePartitions("topic events.x", 2, 1);
        assertThat(resolve("run", "--target", "postgres", "--bridge-threads", "3", "--fault", "rebalance@5s+4s")
                        .faults())
                .hasSize(1);
    }

    @Test
    void theDockerProviderRestartsEveryDatabaseContainerAndRefusesTheBroker() {
        Map<String, String> docker = Map.of("RTBENCH_SERVERS", " Docker ");
        for (String target : List.of("postgres", "clickhouse", "opensearch", "elasticsearch", "questdb")) {
            FaultChecks.check(
                    List.of(Fault.parse("target-restart@5s+4s")), true, target, null, Duration.ofSeconds(60), docker);
        }
        assertThatThrownBy(() -> FaultChecks.check(
                        List.of(Fault.parse("broker-restart@5s+4s")),
                        true,
                        "postgres",
                        null,
                        Duration.ofSeconds(60),
                        docker))
                .hasMessage("--fault broker-restart: with RTBENCH_SERVERS=docker rtbench restarts only clickhouse,"
                        + " elasticsearch, opensearch, postgres, questdb containers with their data kept, not kafka:"
                        + " the local provider restarts it");
        assertThatThrownBy(() -> FaultChecks.check(
                        List.of(Fault.parse("target-restart@5s+4s")),
                        false,
                        "postgres",
                        URI.create("postgresql://127.0.0.1:5432/db"),
                        Duration.ofSeconds(60),
                        docker))
                .as("a container the run did not start is not its to restart")
                .hasMessageStartingWith("--fault target-restart: rtbench restarts only a database it starts itself");
    }

    @Test
    void aWindowOutsideTheMeasuredPhaseOrOverlappingAnotherIsAUsageError() {
        assertThat(usageError("run", "--target", "postgres", "--duration", "10s", "--fault", "target-pause@8s+5s"))
                .isEqualTo("rtbench run: --fault target-pause@8s+5s ends 13s into the measured phase, which lasts 10s"
                        + " (--duration): the window must fit inside it (see --help)");
        assertThat(usageError(
                        "run",
                        "--target",
                        "postgres",
                        "--fault",
                        "target-pause@5s+4s",
                        "--fault",
                        "target-pause@8s+4s"))
                .isEqualTo("rtbench run: --fault target-pause@5s+4s and target-pause@8s+4s overlap: give faults of a"
                        + " kind one after the other (see --help)");
        assertThat(usageError(
                        "run",
                        "--target",
                        "postgres",
                        "--fault",
                        "target-restart@5s+4s",
                        "--fault",
                        "target-pause@8s+4s"))
                .isEqualTo("rtbench run: --fault target-restart@5s+4s and target-pause@8s+4s overlap: both act on the"
                        + " database; give them one after the other (see --help)");
        assertThat(usageError(
                        "run", "--target", "postgres", "--fault", "sink-kill@5s+4s", "--fault", "rebalance@8s+4s"))
                .isEqualTo("rtbench run: --fault sink-kill@5s+4s and rebalance@8s+4s overlap: both act on the sink;"
                        + " give them one after the other (see --help)");
        assertThat(resolve("run", "--target", "postgres", "--duration", "10s", "--fault", "target-pause@6s+4s")
                        .faults())
                .as("a window that ends with the phase fits")
                .hasSize(1);
    }

    @Test
    void theConnectWorkerThatTheRunStartsIsKilledAndJoinedBySecondOneWithTheSettingsTheyNeed() {
        RunSpec run = resolve(
                "run",
                "--target",
                "postgres",
                "--pipeline",
                "kafka-connect",
                "--bridge-threads",
                "2",
                "--fault",
                "sink-kill@3s+2s",
                "--fault",
                "rebalance@12s+2s");

        assertThat(run.faults()).extracting(Fault::toString).containsExactly("sink-kill@3s+2s", "rebalance@12s+2s");
        assertThat(ConnectFaults.workerSettings(run.faults()))
                .as("tasks cancelled when stopped; a departed worker's tasks given back at once")
                .containsExactly(
                        Map.entry("task.shutdown.graceful.timeout.ms", "0"),
                        Map.entry("scheduled.rebalance.max.delay.ms", "0"));
        assertThat(ConnectFaults.workerSettings(List.of(Fault.parse("sink-kill@3s+2s"))))
                .containsOnlyKeys("task.shutdown.graceful.timeout.ms");
        assertThat(ConnectFaults.workerSettings(List.of(Fault.parse("target-pause@3s+2s"))))
                .isEmpty();
    }

    @Test
    void theSinksFaultsNeedAConnectWorkerTheRunStartsInThisJvm() {
        assertThat(usageError(
                        "run",
                        "--target",
                        "postgres",
                        "--pipeline",
                        "kafka-connect",
                        "--servers",
                        "external",
                        "--target-url",
                        "postgresql://127.0.0.1:1/db",
                        "--bootstrap-servers",
                        "127.0.0.1:1",
                        "--connect-url",
                        "http://127.0.0.1:1",
                        "--fault",
                        "sink-kill@5s+4s"))
                .isEqualTo("rtbench run: --fault sink-kill: rtbench does this only to a Connect worker it starts"
                        + " itself (--servers local), not to the one at --connect-url (see --help)");
        assertThatThrownBy(() -> ConnectFaults.check(
                        List.of(Fault.parse("sink-kill@5s+4s")), connectRun(), 2, Map.of("RTBENCH_SERVERS", "docker")))
                .hasMessage("--fault sink-kill: RTBENCH_SERVERS=docker runs the Connect worker in a container, which"
                        + " rtbench does not kill yet: use the local provider");
        ConnectFaults.check(List.of(Fault.parse("sink-kill@5s+4s")), connectRun(), 1, Map.of());
    }

    @Test
    void aRebalanceNeedsTwoTasksOrMoreAndNoOtherFaultOfTheSinkAtTheSameTime() throws IOException {
        assertThat(usageError(
                        "run", "--target", "postgres", "--pipeline", "kafka-connect", "--fault", "rebalance@5s+4s"))
                .isEqualTo("rtbench run: --fault rebalance: --bridge-threads 1 gives the connector one task, which"
                        + " nothing moves to a second worker: give --bridge-threads 2 or more (see --help)");
        Path connector = Files.writeString(
                dir.resolve("jdbc.json"),
                "{\"name\": \"jdbc\", \"config\": {\"connector.class\": \"x.JdbcSinkConnector\","
                        + " \"tasks.max\": \"1\"}}");
        assertThat(usageError(
                        "run",
                        "--target",
                        "postgres",
                        "--pipeline",
                        "kafka-connect",
                        "--connector",
                        connector.toString(),
                        "--fault",
                        "rebalance@5s+4s"))
                .isEqualTo("rtbench run: --fault rebalance: the connector of --connector " + connector
                        + " has tasks.max 1, one task, which nothing moves to a second worker: set tasks.max to 2 or"
                        + " more in it (see --help)");
        assertThat(usageError(
                        "run",
                        "--target",
                        "postgres",
                        "--pipeline",
                        "kafka-connect",
                        "--bridge-threads",
                        "2",
                        "--fault",
                        "sink-kill@5s+4s",
                        "--fault",
                        "rebalance@8s+4s"))
                .isEqualTo("rtbench run: --fault sink-kill@5s+4s and rebalance@8s+4s overlap: both act on the sink;"
                        + " give them one after the other (see --help)");
    }

    private static RunOptions.Settings connectRun() {
        return resolve("run", "--target", "postgres", "--pipeline", "kafka-connect")
                .run();
    }

    private static RunSpec resolve(String command, String... args) {
        return RunArgs.parse(command, args).build("unused.json");
    }

    /** {@code rtbench COMMAND ARGS…}'s one line; it must stop with exit 2 before starting anything. */
    private static String usageError(String... args) {
        StringWriter err = new StringWriter();
        CommandLine line = CommandLines.commandLine(new RtbenchCommand());
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(new StringWriter(), true));
        assertThat(line.execute(args)).as(err.toString()).isEqualTo(CommandLines.USAGE);
        return err.toString().strip();
    }
}
