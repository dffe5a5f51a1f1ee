package io.rtbench.servers.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.utilisation.UtilisationSource;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.local.FreePorts;
import io.rtbench.servers.testing.KafkaClients;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

@LocalProviderOnly("the daemon's in-JVM Kafka: its log lines, ports and pids as the local provider makes them")
class ServerControlIT {

    private static final Logger LOG = LoggerFactory.getLogger(ServerControlIT.class);

    @TempDir
    Path stateDir;

    /** Whatever a failed test left running must not outlive the test JVM. */
    @AfterEach
    void stopLeftovers() {
        ServerControl control = new ServerControl(stateDir);
        control.status().forEach(state -> control.stop(state.kind()));
    }

    @Test
    void kafkaStartedByAShortLivedCommandKeepsRunningServesClientsAndStops() throws Exception {
        int port = FreePorts.free();
        long startNanos = System.nanoTime();
        StarterRun starter = startInSeparateJvm(ServerKind.KAFKA, port);
        LOG.info(
                "background kafka started through a separate JVM in {} ms",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
        assertThat(starter.exitStatus()).as(starter.output()).isZero();
        assertThat(starter.output()).contains("127.0.0.1:" + port);

        ServerControl control = new ServerControl(stateDir);
        List<ServerState> running = control.status();

        assertThat(running).singleElement().satisfies(state -> {
            assertThat(state.kind()).isEqualTo(ServerKind.KAFKA);
            assertThat(state.address()).isEqualTo("127.0.0.1:" + port);
            assertThat(state.daemonPid()).isNotEqualTo(ProcessHandle.current().pid());
            assertThat(state.serverPid()).isEqualTo(state.daemonPid());
            assertThat(state.version()).matches("4\\.\\d+\\.\\d+.*");
            assertThat(state.logFile()).isEqualTo(stateDir.resolve("kafka.log"));
        });
        ServerState kafka = running.get(0);
        LOG.info("background kafka daemon pid {}: {}", kafka.daemonPid(), rss(kafka.daemonPid()));

        String topic = "daemon-it-" + UUID.randomUUID();
        KafkaClients.produce(kafka.address(), topic, List.of("a", "b", "c"));
        assertThat(KafkaClients.consume(kafka.address(), topic, 3)).containsExactlyInAnyOrder("a", "b", "c");
        // Kafka logs into the daemon's log file; its console output file stays free of log lines.
        assertThat(Files.readString(kafka.logFile())).contains("ready at 127.0.0.1:" + port);
        assertThat(Files.readString(stateDir.resolve("kafka.out"))).doesNotContain("INFO");

        assertThatThrownBy(() -> control.start(ServerKind.KAFKA, ServerConfig.DEFAULT))
                .isInstanceOf(ServerControlException.class)
                .hasMessageContaining("kafka is already running at 127.0.0.1:" + port);

        assertThat(control.stop(ServerKind.KAFKA)).contains(kafka);

        assertThat(ProcessHandle.of(kafka.daemonPid()).filter(ProcessHandle::isAlive))
                .isEmpty();
        assertThat(control.status()).isEmpty();
        assertThat(stateDir.resolve("kafka.json")).doesNotExist();
        try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(again.getLocalPort()).isEqualTo(port);
        }
        assertThat(control.stop(ServerKind.KAFKA)).isEmpty();
    }

    @Test
    void aServerThatCannotStartFailsWithTheEndOfItsDaemonsLog() {
        ServerControl control = new ServerControl(stateDir);

        assertThatThrownBy(() -> control.start(ServerKind.KAFKA, new ServerConfig(0, Map.of("num.partitions", "many"))))
                .isInstanceOf(ServerControlException.class)
                .hasMessageStartingWith("kafka did not start: its daemon exited with status 1")
                .hasMessageContaining("--- last lines of " + stateDir.resolve("kafka.out"))
                .hasMessageContaining("num.partitions");
        assertThat(control.status()).isEmpty();
    }

    /** A run given the address of a background server finds it, and measures it as one it started itself. */
    @Test
    void aBackgroundServerIsFoundByKindAndPortAndMeasuredFromProc() throws Exception {
        ProcessHandle self = ProcessHandle.current();
        ServerKind clickhouse = ServerKind.fromCliName("clickhouse");
        // This JVM stands in for a background ClickHouse and its daemon.
        new StateFiles(stateDir)
                .write(new ServerState(
                        clickhouse,
                        1,
                        "http://127.0.0.1:18123",
                        18123,
                        self.pid(),
                        self.pid(),
                        Liveness.startOf(self),
                        "18.16.1",
                        stateDir.resolve("clickhouse.log"),
                        Instant.now(),
                        stateDir));
        try {
            ServerControl control = new ServerControl(stateDir);

            assertThat(control.runningAt(clickhouse, 18124)).isEmpty();
            assertThat(control.runningAt(ServerKind.fromCliName("postgres"), 18123))
                    .isEmpty();
            UtilisationSource process =
                    control.runningAt(clickhouse, 18123).orElseThrow().utilisation();
            process.read();
            long spinUntilNanos = System.nanoTime() + 600_000_000L; // readings under 0.5 s apart are not counted
            while (System.nanoTime() < spinUntilNanos) {
                Thread.onSpinWait();
            }
            UtilisationSource.Reading reading = process.read();
            assertThat(reading.cpuPercent()).as("this JVM spun for 600 ms").isPositive();
            assertThat(reading.rssBytes()).isPositive();
            assertThat(reading.diskBytes()).as("the files under its directory").isPositive();
        } finally {
            new StateFiles(stateDir).delete(clickhouse); // this JVM is no daemon to stop
        }
    }

    @Test
    void aPortHeldByAnotherBackgroundServerIsNamedAndNoDaemonIsSpawned() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            ProcessHandle self = ProcessHandle.current();
            // This JVM stands in for the daemon of a background Kafka listening on that port.
            new StateFiles(stateDir)
                    .write(new ServerState(
                            ServerKind.KAFKA,
                            1,
                            "127.0.0.1:" + port,
                            port,
                            self.pid(),
                            self.pid(),
                            Liveness.startOf(self),
                            "4.3.1",
                            stateDir.resolve("kafka.log"),
                            Instant.now(),
                            null));
            ServerControl control = new ServerControl(stateDir);

            assertThatThrownBy(() -> control.start(ServerKind.fromCliName("clickhouse"), ServerConfig.onPort(port)))
                    .isInstanceOf(ServerControlException.class)
                    .hasMessage("cannot start clickhouse: port " + port + " on 127.0.0.1 is in use by the background"
                            + " kafka; choose another --port, or leave --port out for a free one");
            assertThat(stateDir.resolve("clickhouse.out")).doesNotExist();
            new StateFiles(stateDir).delete(ServerKind.KAFKA); // this JVM is no daemon to stop
        }
    }

    private record StarterRun(int exitStatus, String output) {}

    /** Runs {@link StartInBackground} in its own JVM, as the CLI would, and waits for it to exit. */
    private StarterRun startInSeparateJvm(ServerKind kind, int port) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process starter = new ProcessBuilder(
                        java.toString(),
                        "-Dlogback.configurationFile=" + DaemonLauncher.LOGBACK_CONFIG,
                        "-Drtbench.log.file=" + stateDir.resolve("starter.log"),
                        "-cp",
                        System.getProperty("java.class.path"),
                        StartInBackground.class.getName(),
                        stateDir.toString(),
                        kind.cliName(),
                        Integer.toString(port))
                .redirectErrorStream(true)
                .start();
        starter.getOutputStream().close();
        String output = new String(starter.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!starter.waitFor(150, TimeUnit.SECONDS)) {
            starter.destroyForcibly();
            throw new AssertionError("the starter JVM did not exit: " + output);
        }
        return new StarterRun(starter.exitValue(), output);
    }

    private static String rss(long pid) throws Exception {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(line -> line.startsWith("VmRSS:"))
                .findFirst()
                .orElse("VmRSS unknown");
    }
}
