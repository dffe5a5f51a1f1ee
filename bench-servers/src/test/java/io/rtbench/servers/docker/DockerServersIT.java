package io.rtbench.servers.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.fault.Pausable;
import io.rtbench.core.fault.Restartable;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerUnavailableException;
import io.rtbench.servers.testing.KafkaClients;
import io.rtbench.servers.testing.PostgresJdbc;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The docker provider itself, with whatever images RTBENCH_IMAGE_* name (the Docker suite of .ci/run: the local
 * stand-ins). Each server answers a real client at an address of the local provider's form.
 */
@Tag("docker")
class DockerServersIT {

    private static final DockerServerProvider PROVIDER = new DockerServerProvider(System.getenv());
    private static final List<RunningServer> STARTED = new ArrayList<>();
    private static final ObjectMapper JSON = new ObjectMapper();

    @AfterAll
    static void stopAll() {
        STARTED.reversed().forEach(RunningServer::close);
    }

    private static RunningServer start(ServerKind kind, ServerConfig options) {
        RunningServer server = PROVIDER.start(kind, options);
        STARTED.add(server);
        return server;
    }

    @Test
    void kafkaAndAConnectWorkerOnItsImage() throws Exception {
        RunningServer kafka = start(ServerKind.KAFKA, ServerConfig.DEFAULT);
        assertThat(kafka.address()).isEqualTo("127.0.0.1:" + kafka.port());
        assertThat(kafka.version()).matches("4\\.\\d+\\.\\d+");
        String topic = "docker-it-" + UUID.randomUUID();
        KafkaClients.produce(kafka.address(), topic, List.of("a", "b", "c"));
        assertThat(KafkaClients.consume(kafka.address(), topic, 3)).containsExactly("a", "b", "c");
        assertThat(Files.readString(kafka.logFile())).contains("Transitioning from RECOVERY to RUNNING");

        Map<String, String> settings = new HashMap<>(Map.of("bootstrap.servers", kafka.address()));
        RunningServer connect = start(ServerKind.CONNECT, new ServerConfig(0, settings));
        assertThat(connect.address()).isEqualTo("http://127.0.0.1:" + connect.port());
        assertThat(connect.version()).isEqualTo(kafka.version());
        assertThat(Containers.get(connect.address() + "/connectors")).isEqualTo("[]");
        // the worker joined its own group on this broker: its internal topics are there
        try (var admin = KafkaClients.admin(kafka.address())) {
            assertThat(admin.listTopics().names().get()).anyMatch(name -> name.endsWith("-configs"));
        }
    }

    @Test
    void elasticsearchAndOpenSearchIndexAndCount() throws Exception {
        for (ServerKind kind : List.of(ServerKind.fromCliName("elasticsearch"), ServerKind.fromCliName("opensearch"))) {
            RunningServer search = start(kind, ServerConfig.DEFAULT);
            assertThat(search.address()).isEqualTo("http://127.0.0.1:" + search.port());
            assertThat(search.version()).matches(kind == ServerKind.fromCliName("elasticsearch") ? "9\\..*" : "3\\..*");
            String index = search.address() + "/docker-it";
            Http.put(index + "/_doc/1?refresh=true", "{\"n\":1}");
            assertThat(Containers.get(index + "/_count")).contains("\"count\":1");
        }
    }

    @Test
    void clickhouseTakesJsonEachRowFromTheDefaultUserAndSettingsOfItsProfile() throws Exception {
        RunningServer clickhouse = start(
                ServerKind.fromCliName("clickhouse"),
                new ServerConfig(0, Map.of("profile.stream_flush_interval_ms", "1234")));
        String url = clickhouse.address() + "/";
        assertThat(clickhouse.address()).isEqualTo("http://127.0.0.1:" + clickhouse.port());
        assertThat(clickhouse.version()).matches("\\d+\\.\\d+.*");
        // a setting of the default profile, as with the local provider (native ingestion's flush interval)
        assertThat(Http.post(url, "SELECT value FROM system.settings WHERE name = 'stream_flush_interval_ms'"))
                .isEqualTo("1234\n");
        Http.post(url, "CREATE TABLE docker_it (id String, t UInt64) ENGINE = MergeTree ORDER BY id");
        Http.post(
                url + "?query=" + URLEncoder.encode("INSERT INTO docker_it FORMAT JSONEachRow", StandardCharsets.UTF_8),
                "{\"id\":\"a\",\"t\":1}\n{\"id\":\"b\",\"t\":2}\n");
        assertThat(Http.post(url, "SELECT count(), max(t) FROM docker_it")).isEqualTo("2\t2\n");
        // the pid is the server itself: a test can freeze it as it freezes a local one
        assertThat(ProcessHandle.of(clickhouse.pid()).flatMap(p -> p.info().command()))
                .hasValueSatisfying(command -> assertThat(command).contains("clickhouse"));
    }

    @Test
    void postgresHasTheRtbenchDatabaseAndUserWithoutPassword() throws Exception {
        RunningServer postgres =
                start(ServerKind.fromCliName("postgres"), new ServerConfig(0, Map.of("max_connections", "42")));
        assertThat(postgres.address()).isEqualTo("postgresql://rtbench@127.0.0.1:" + postgres.port() + "/rtbench");
        try (Connection connection = DriverManager.getConnection(PostgresJdbc.url(postgres), "rtbench", "");
                ResultSet row = connection
                        .createStatement()
                        .executeQuery("SELECT current_database(), current_user, current_setting('max_connections')")) {
            assertThat(row.next()).isTrue();
            assertThat(row.getString(1)).isEqualTo("rtbench");
            assertThat(row.getString(2)).isEqualTo("rtbench");
            assertThat(row.getString(3)).isEqualTo("42");
        }
        assertThat(postgres.version()).matches("\\d+\\.\\d+.*");
    }

    @Test
    void postgresPausedThenRestartedAnswersOnItsPortWithItsData() throws Exception {
        RunningServer postgres = start(ServerKind.fromCliName("postgres"), ServerConfig.DEFAULT);
        String url = PostgresJdbc.url(postgres);
        query(url, "CREATE TABLE docker_it_kept (n int); INSERT INTO docker_it_kept VALUES (1), (2)");
        Callable<String> count = () -> query(url, "SELECT count(*) FROM docker_it_kept");

        pausedThenRestarted(postgres, count, "2");
        // the container's log goes on after the restart: the second start said it was ready too
        assertThat(Files.readString(postgres.logFile()).split("ready to accept connections", -1))
                .as("the init server's, the first start's and the restart's")
                .hasSizeGreaterThanOrEqualTo(4);
    }

    @Test
    void clickhousePausedThenRestartedAnswersOnItsPortWithItsData() throws Exception {
        RunningServer clickhouse = start(ServerKind.fromCliName("clickhouse"), ServerConfig.DEFAULT);
        String url = clickhouse.address() + "/";
        Http.post(url, "CREATE TABLE docker_it_kept (n UInt64) ENGINE = MergeTree ORDER BY n");
        Http.post(url, "INSERT INTO docker_it_kept VALUES (1), (2)");

        pausedThenRestarted(
                clickhouse,
                () -> Http.post(url, "SELECT count() FROM docker_it_kept").strip(),
                "2");
    }

    /**
     * As PostgreSQL's and ClickHouse's, for the containers that Testcontainers would publish on a random host port (one
     * that the engine changes when the container starts again, docs/DOCKER.md): published on a port the provider
     * picks, each comes back at the same address with its data. OpenSearch's restart is over once its index's primary
     * shard is back, so that the count answers at once; QuestDB's once {@code /settings} answers. Each is closed after
     * its part, so that the two JVMs do not share the machine's cores.
     */
    @Test
    void opensearchAndQuestdbPausedThenRestartedAnswerOnTheirPortsWithTheirData() throws Exception {
        searchEnginePausedThenRestarted(ServerKind.fromCliName("opensearch"));

        RunningServer questdb = start(ServerKind.fromCliName("questdb"), ServerConfig.DEFAULT);
        String exec = questdb.address() + "/exec?query=";
        Containers.get(exec
                + URLEncoder.encode(
                        "CREATE TABLE docker_it_kept (ts TIMESTAMP, n LONG) TIMESTAMP(ts) PARTITION BY DAY WAL",
                        StandardCharsets.UTF_8));
        Http.post(
                questdb.address() + "/write?precision=u",
                "docker_it_kept n=1i 1700000000000001\ndocker_it_kept n=2i 1700000000000002\n");
        String query = exec + URLEncoder.encode("SELECT count() FROM docker_it_kept", StandardCharsets.UTF_8);
        Callable<String> count = () -> JSON.readTree(Containers.get(query))
                .path("dataset")
                .path(0)
                .path(0)
                .asText();
        // a WAL table shows the rows once QuestDB has applied them
        await().atMost(Duration.ofSeconds(30)).until(count, "2"::equals);
        pausedThenRestarted(questdb, count, "2");
        questdb.close();
    }

    /**
     * As OpenSearch's above, by the same code. Left out of .ci/run's selection: a search engine's start and restart
     * take most of a minute each there.
     */
    @Test
    void elasticsearchPausedThenRestartedAnswersOnItsPortWithItsData() throws Exception {
        searchEnginePausedThenRestarted(ServerKind.fromCliName("elasticsearch"));
    }

    private static void searchEnginePausedThenRestarted(ServerKind kind) throws Exception {
        RunningServer search = start(kind, ServerConfig.DEFAULT);
        String index = search.address() + "/docker-it-kept";
        Http.put(index + "/_doc/1", "{\"n\":1}");
        Http.put(index + "/_doc/2?refresh=true", "{\"n\":2}");
        pausedThenRestarted(
                search,
                () -> JSON.readTree(Containers.get(index + "/_count"))
                        .path("count")
                        .asText(),
                "2");
        search.close();
    }

    /**
     * Fault {@code target-pause} and {@code target-restart} on a database container (docs/DOCKER.md): paused, it does
     * not answer; continued, it does; stopped and started again as the same container, it answers {@code count} with the
     * data it had, at the same address, from a new process.
     */
    private static void pausedThenRestarted(RunningServer server, Callable<String> count, String expected)
            throws Exception {
        assertThat(count.call()).isEqualTo(expected);
        Pausable pause = server.pausable().orElseThrow();
        assertThat(pause.description()).startsWith(server.kind().cliName() + " (container ");
        pause.pause();
        try {
            assertThat(answersWithinASecond(count)).as("paused").isFalse();
        } finally {
            pause.resume();
        }
        assertThat(count.call()).isEqualTo(expected);

        Restartable restart = server.restartable().orElseThrow();
        long pidBefore = server.pid();
        String address = server.address();
        restart.stop();
        assertThat(answersWithinASecond(count)).as("stopped").isFalse();
        restart.start();
        assertThat(server.address()).isEqualTo(address);
        assertThat(count.call()).as("the data kept, on the same port").isEqualTo(expected);
        assertThat(server.pid()).as("a new process").isPositive().isNotEqualTo(pidBefore);
        assertThat(ProcessHandle.of(server.pid()))
                .as("the new process is this machine's")
                .isPresent();
    }

    /** Whether {@code count} answers within about a second (a frozen server takes a connection but does not answer). */
    private static boolean answersWithinASecond(Callable<String> count) throws InterruptedException {
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            executor.submit(count).get(1, TimeUnit.SECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        } finally {
            executor.shutdownNow();
        }
    }

    /** The first column of the first row of {@code sql}'s last result, or null for a statement without rows. */
    private static String query(String url, String sql) throws Exception {
        try (Connection connection = DriverManager.getConnection(url, "rtbench", "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
            ResultSet rows = statement.getResultSet();
            return rows != null && rows.next() ? rows.getString(1) : null;
        }
    }

    @Test
    void questdbTakesTheLineProtocolAndMayNotCreateTablesWithIt() throws Exception {
        RunningServer questdb = start(ServerKind.fromCliName("questdb"), ServerConfig.DEFAULT);
        assertThat(questdb.address()).isEqualTo("http://127.0.0.1:" + questdb.port());
        assertThat(questdb.version()).matches("\\d+\\.\\d+.*");
        String exec = questdb.address() + "/exec?query=";
        Containers.get(exec
                + URLEncoder.encode(
                        "CREATE TABLE docker_it (ts TIMESTAMP, n LONG) TIMESTAMP(ts) PARTITION BY DAY WAL",
                        StandardCharsets.UTF_8));
        Http.post(
                questdb.address() + "/write?precision=u",
                "docker_it n=1i 1700000000000001\ndocker_it n=2i 1700000000000002\n");
        String query = exec + URLEncoder.encode("SELECT count(), max(n) FROM docker_it", StandardCharsets.UTF_8);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(Containers.get(query)).contains("\"dataset\":[[2,2]]"));
        // as the local provider's: the line protocol may not create tables (QDB_LINE_AUTO_CREATE_NEW_TABLES=false)
        assertThatThrownBy(() -> Http.post(questdb.address() + "/write", "docker_it_missing n=1i\n"))
                .hasMessageContaining("answered 400");
    }

    @Test
    void prometheusScrapesATargetOnThisMachine() {
        RunningServer prometheus =
                start(ServerKind.PROMETHEUS, new ServerConfig(0, Map.of("scrape.interval", "500ms")));
        assertThat(prometheus.address()).isEqualTo("http://127.0.0.1:" + prometheus.port());
        String query = prometheus.address() + "/api/v1/query?query=up%7Bjob%3D%22prometheus%22%7D";
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(Containers.get(query))
                        .contains("\"value\":[")
                        .contains("\"1\"]"));
    }

    @Test
    void aMissingImageMakesTheServerUnavailableWithWhatToDo() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("RTBENCH_IMAGE_CLICKHOUSE", "rtbench-local/no-such-image:0");
        DockerServerProvider provider = new DockerServerProvider(env);
        assertThatThrownBy(() -> provider.start(ServerKind.fromCliName("clickhouse"), ServerConfig.DEFAULT))
                .isInstanceOf(ServerUnavailableException.class)
                .hasMessageContaining("rtbench-local/no-such-image:0")
                .hasMessageContaining("docker/local-images/build");
    }
}
