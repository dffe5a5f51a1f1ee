package io.rtbench.connectors.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.dml.ChangeGenerator;
import io.rtbench.core.dml.ChangeHistory;
import io.rtbench.core.dml.DmlSettings;
import io.rtbench.core.dml.FinalStateAudit;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.connect.ConnectRestClient;
import io.rtbench.servers.connect.ConnectorDefinition;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.testing.PostgresJdbc;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A third-party sink through the same REST client: the Debezium JDBC sink (resolved from Maven Central at build time)
 * writes events in Connect's JSON envelope into PostgreSQL, and rtbench's postgres target probes and audits the table
 * Debezium created.
 */
@ExtendWith(ServersExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DebeziumJdbcSinkIT {

    private static final String USER = "rtbench";
    private static final int GENERATORS = 2;
    private static final int EVENTS_PER_GENERATOR = 1_000;
    private static final Duration LANDS_WITHIN = Duration.ofSeconds(120);

    private RunningServer kafka;
    private RunningServer postgres;
    private ConnectRestClient connect;

    @BeforeAll
    void servers(
            @RealServer("kafka") RunningServer kafka,
            @RealServer("connect") RunningServer worker,
            @RealServer("postgres") RunningServer postgres) {
        this.kafka = kafka;
        this.postgres = postgres;
        this.connect = new ConnectRestClient(URI.create(worker.address()), Duration.ofSeconds(10));
    }

    private ConnectorDefinition debezium(String topic, String table) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("topics", topic);
        settings.put("connection.url", PostgresJdbc.url(postgres));
        settings.put("connection.username", USER);
        settings.put("collection.name.format", table);
        return ConnectorDefinition.resource("debezium-jdbc-postgres.json")
                .withName(ConnectTestKit.unique("debezium-jdbc-"))
                .with(settings);
    }

    private TargetConfig target(String table) {
        return new TargetConfig(
                "postgres",
                URI.create(postgres.address()),
                table,
                new Credentials(USER, null, null),
                Duration.ofSeconds(10),
                Map.of());
    }

    @Test
    void eventsInTheSchemaEnvelopeLandOnceAndThePostgresTargetProbesAndAuditsThem() throws Exception {
        String topic = ConnectTestKit.unique("debezium-it-");
        String table = ConnectTestKit.unique("rtbench_debezium_");
        ConnectTestKit.createTopic(kafka.address(), topic, 3);
        ConnectTestKit.Produced produced =
                ConnectTestKit.produce(kafka.address(), topic, GENERATORS, EVENTS_PER_GENERATOR, true);
        ConnectorDefinition sink = debezium(topic, table);

        connect.deploy(sink);
        try (Target check = Targets.open(target(table))) {
            connect.awaitRunning(sink.name(), Duration.ofSeconds(60));
            assertLanded(check, produced);

            // A redelivery (the producer retried, or the sink restarted before committing): upserts on _id.
            ConnectTestKit.send(kafka.address(), topic, produced.events().subList(0, 500), true);
            ConnectTestKit.awaitConsumed(kafka.address(), "connect-" + sink.name(), topic, LANDS_WITHIN);
            assertLanded(check, produced);
            assertThat(connect.status(sink.name()).orElseThrow().isRunning()).isTrue();

            assertThat(columns(table))
                    .containsEntry("_id", "text")
                    .containsEntry("_event_time", "bigint")
                    .containsEntry("generator_identifier", "bigint")
                    .containsEntry("_seq", "bigint")
                    .containsKey("doc");
            check.ensureCollection(); // the evaluator's idempotent create: adds its index, keeps Debezium's table
        } finally {
            connect.delete(sink.name());
            drop(table);
        }
    }

    @Test
    void aTableRtbenchCreatedFirstTakesDebeziumsWritesToo() throws Exception {
        String topic = ConnectTestKit.unique("debezium-it-");
        String table = ConnectTestKit.unique("rtbench_debezium_");
        ConnectTestKit.createTopic(kafka.address(), topic, 1);
        ConnectorDefinition sink = debezium(topic, table);
        try (Target check = Targets.open(target(table))) {
            check.ensureCollection(); // doc is jsonb here, Debezium's string goes into it
            ConnectTestKit.Produced produced =
                    ConnectTestKit.produce(kafka.address(), topic, GENERATORS, EVENTS_PER_GENERATOR, true);

            connect.deploy(sink);
            connect.awaitRunning(sink.name(), Duration.ofSeconds(60));

            assertLanded(check, produced);
            assertThat(columns(table)).containsEntry("doc", "jsonb");
        } finally {
            connect.delete(sink.name());
            drop(table);
        }
    }

    /**
     * Workload dml: inserts, updates (the envelope carries _op and _version) and deletes (tombstones keyed by _id, which
     * Debezium turns into DELETE with delete.enabled=true and primary.key.mode=record_key) into the table the evaluator
     * creates first; the final state of every _id is right, also after the whole stream is delivered again (Debezium's
     * upsert is not guarded by the version, but a redelivery replays in order, so the newest version is applied last).
     */
    @Test
    void updatesAndDeletesLandInTheirFinalState() throws Exception {
        String topic = ConnectTestKit.unique("debezium-dml-");
        String table = ConnectTestKit.unique("rtbench_debezium_dml_");
        ConnectTestKit.createTopic(kafka.address(), topic, 3);
        ConnectorDefinition sink = debezium(topic, table);
        TargetConfig config = target(table).forDml(UpdateMode.REPLACE);
        ChangeGenerator changes = new ChangeGenerator(
                EventGenerator.forChanges(GeneratorSettings.withSeed(4), EventGenerator.randomGeneratorId()),
                new DmlSettings(0.2, 0.05, UpdateMode.REPLACE, Duration.ZERO),
                4);
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            events.add(Event.parse(
                    changes.nextTransient(EpochClock.SYSTEM.epochMicros()).clone()));
        }
        long generator = changes.history().generatorId();
        try (Target check = Targets.open(config)) {
            check.ensureCollection();
            ConnectTestKit.send(kafka.address(), topic, events, true);
            connect.deploy(sink);
            connect.awaitRunning(sink.name(), Duration.ofSeconds(60));
            assertFinalState((Versioned) check, changes.history(), generator, sink.name());
            assertThat(changes.history().deletes()).isPositive();

            ConnectTestKit.send(kafka.address(), topic, events, true);
            ConnectTestKit.awaitConsumed(kafka.address(), "connect-" + sink.name(), topic, LANDS_WITHIN);
            assertFinalState((Versioned) check, changes.history(), generator, sink.name());
            assertThat(connect.status(sink.name()).orElseThrow().isRunning()).isTrue();
        } finally {
            connect.delete(sink.name());
            drop(table);
        }
    }

    private void assertFinalState(Versioned check, ChangeHistory history, long generator, String connector) {
        await().atMost(LANDS_WITHIN).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            FinalStateAudit audit = new FinalStateAudit(history);
            check.rows(generator, audit);
            assertThat(audit.result().correct())
                    .as("%s; connector: %s", audit.result(), connect.status(connector))
                    .isTrue();
        });
        FinalStateAudit audit = new FinalStateAudit(history);
        check.rows(generator, audit);
        assertThat(audit.result().landed()).isEqualTo(history.inserts());
        assertThat(audit.result().duplicates()).isZero();
    }

    private static void assertLanded(Target check, ConnectTestKit.Produced produced) {
        for (Map.Entry<Long, Long> generator :
                produced.newestMicrosByGenerator().entrySet()) {
            long id = generator.getKey();
            await().atMost(LANDS_WITHIN)
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions() // the table does not exist until Debezium's first write
                    .until(() -> check.audit(id).distinctSeqs() == EVENTS_PER_GENERATOR);
            assertThat(check.audit(id)).isEqualTo(new AuditCounts(EVENTS_PER_GENERATOR, EVENTS_PER_GENERATOR, 999));
            assertThat(check.newestEventTimeMicros(id)).isEqualTo(OptionalLong.of(generator.getValue()));
        }
    }

    private Map<String, String> columns(String table) throws Exception {
        Map<String, String> types = new LinkedHashMap<>();
        try (Connection connection = connection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT column_name, data_type FROM information_schema.columns"
                        + " WHERE table_name = '" + table + "' ORDER BY ordinal_position")) {
            while (rows.next()) {
                types.put(rows.getString(1), rows.getString(2));
            }
        }
        return types;
    }

    private void drop(String table) throws Exception {
        try (Connection connection = connection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS \"" + table + "\"");
        }
    }

    private Connection connection() throws Exception {
        Properties user = new Properties();
        user.setProperty("user", USER);
        return new org.postgresql.Driver().connect(PostgresJdbc.url(postgres), user);
    }
}
