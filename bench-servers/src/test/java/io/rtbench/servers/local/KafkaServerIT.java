package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.fault.Restartable;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.testing.KafkaClients;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(ServersExtension.class)
@LocalProviderOnly("the in-JVM broker (this JVM's pid, the host log); DockerServersIT covers the container")
class KafkaServerIT {

    @Test
    void recordsProducedToACreatedTopicCanBeConsumed(@RealServer("kafka") RunningServer kafka) throws Exception {
        String topic = "kafka-it-" + UUID.randomUUID();
        try (Admin admin = KafkaClients.admin(kafka.address())) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
        }
        List<String> sent = IntStream.range(0, 20).mapToObj(i -> "event-" + i).toList();

        KafkaClients.produce(kafka.address(), topic, sent);

        assertThat(KafkaClients.consume(kafka.address(), topic, sent.size())).containsExactlyInAnyOrderElementsOf(sent);
    }

    @Test
    void describesItselfAsAnInJvmKafka4Broker(@RealServer("kafka") RunningServer kafka) throws Exception {
        assertThat(kafka.kind()).isEqualTo(ServerKind.KAFKA);
        assertThat(kafka.version()).matches("4\\.\\d+\\.\\d+.*");
        assertThat(kafka.address()).isEqualTo("127.0.0.1:" + kafka.port());
        assertThat(kafka.pid()).isEqualTo(ProcessHandle.current().pid());
        // Kafka logs into the test JVM's log file, as everything in-JVM does.
        assertThat(kafka.logFile()).isRegularFile();
        assertThat(Files.readString(kafka.logFile())).contains("ready at " + kafka.address());
    }

    @Test
    void autoCreatedTopicsHaveFourPartitions(@RealServer("kafka") RunningServer kafka) throws Exception {
        String topic = "auto-" + UUID.randomUUID();

        KafkaClients.produce(kafka.address(), topic, List.of("one"));

        assertThat(partitions(kafka.address(), topic)).isEqualTo(4);
    }

    @Test
    void ownBrokerHonoursPortAndSettingsAndRemovesItsTempDirOnClose() throws Exception {
        int port = FreePorts.free();
        KafkaServer kafka = KafkaServer.start(new ServerConfig(port, Map.of("num.partitions", "2")));
        try {
            assertThat(kafka.port()).isEqualTo(port);
            assertThat(kafka.address()).isEqualTo("127.0.0.1:" + port);
            assertThat(kafka.tempDir()).isDirectory();
            String topic = "own-" + UUID.randomUUID();
            KafkaClients.produce(kafka.address(), topic, List.of("one"));
            assertThat(partitions(kafka.address(), topic)).isEqualTo(2);
        } finally {
            kafka.close();
        }

        assertThat(kafka.tempDir()).doesNotExist();
        try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(again.getLocalPort()).isEqualTo(port);
        }
        kafka.close(); // idempotent, must not throw
    }

    @Test
    void aLogDirsSettingIsFormattedAndHoldsTheTopics(@TempDir Path dir) throws Exception {
        Path logDir = dir.resolve("kafka-log");
        try (KafkaServer kafka = KafkaServer.start(new ServerConfig(0, Map.of("log.dirs", logDir.toString())))) {
            String topic = "own-dir-" + UUID.randomUUID();
            KafkaClients.produce(kafka.address(), topic, List.of("one"));

            assertThat(logDir.resolve("meta.properties")).isRegularFile();
            assertThat(logDir.resolve(topic + "-0")).isDirectory();
        }
    }

    /** Stopped and started again on its {@code log.dirs}, it is the same broker: its cluster id, topics and records. */
    @Test
    void aBrokerStartedAgainOnItsLogDirsKeepsItsRecords(@TempDir Path dir) throws Exception {
        ServerConfig options =
                new ServerConfig(0, Map.of("log.dirs", dir.resolve("kafka-log").toString()));
        String topic = "restart-" + UUID.randomUUID();
        String clusterId;
        try (KafkaServer kafka = KafkaServer.start(options)) {
            KafkaClients.produce(kafka.address(), topic, List.of("before"));
            clusterId = clusterId(kafka.address());
        }
        try (KafkaServer again = KafkaServer.start(options)) {
            KafkaClients.produce(again.address(), topic, List.of("after"));

            assertThat(clusterId(again.address())).isEqualTo(clusterId);
            assertThat(KafkaClients.consume(again.address(), topic, 2)).containsExactlyInAnyOrder("before", "after");
        }
    }

    /**
     * Fault {@code broker-restart} (docs/MEASUREMENT.md, "Freshness under faults"): stopped, the port answers no more;
     * started again, it is the same broker on the same port, with the records of before.
     */
    @Test
    void aRestartedBrokerKeepsItsPortAndItsRecords() throws Exception {
        String topic = "restartable-" + UUID.randomUUID();
        try (KafkaServer kafka = KafkaServer.start(ServerConfig.DEFAULT)) {
            KafkaClients.produce(kafka.address(), topic, List.of("before"));
            String clusterId = clusterId(kafka.address());
            Restartable restart = kafka.restartable().orElseThrow();

            restart.stop();
            try (ServerSocket free = new ServerSocket(kafka.port(), 1, InetAddress.getLoopbackAddress())) {
                assertThat(free.getLocalPort())
                        .as("the stopped broker let its port go")
                        .isEqualTo(kafka.port());
            }
            restart.start();
            restart.start(); // it runs: nothing to do

            KafkaClients.produce(kafka.address(), topic, List.of("after"));
            assertThat(clusterId(kafka.address())).isEqualTo(clusterId);
            assertThat(KafkaClients.consume(kafka.address(), topic, 2)).containsExactlyInAnyOrder("before", "after");
        }
    }

    @Test
    void aTakenPortFailsAtOnceNamingThePort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> KafkaServer.start(ServerConfig.onPort(taken.getLocalPort())))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("port " + taken.getLocalPort() + " on 127.0.0.1 is in use");
        }
    }

    private static String clusterId(String bootstrapServers) throws Exception {
        try (Admin admin = KafkaClients.admin(bootstrapServers)) {
            return admin.describeCluster().clusterId().get();
        }
    }

    private static int partitions(String bootstrapServers, String topic) throws Exception {
        try (Admin admin = KafkaClients.admin(bootstrapServers)) {
            return admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get()
                    .get(topic)
                    .partitions()
                    .size();
        }
    }
}
