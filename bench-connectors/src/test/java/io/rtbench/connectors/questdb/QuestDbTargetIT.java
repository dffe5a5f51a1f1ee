package io.rtbench.connectors.questdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.ServerTargetContractIT;
import io.rtbench.connectors.TestEvents;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventLayout;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerRecipes;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.local.FreePorts;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class QuestDbTargetIT extends ServerTargetContractIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private RunningServer server;

    @BeforeAll
    void server(@RealServer("questdb") RunningServer server) {
        this.server = server;
    }

    @Override
    protected TargetConfig config(String collection) {
        return new TargetConfig(
                "questdb",
                URI.create(server.address()),
                collection,
                Credentials.NONE,
                Duration.ofSeconds(10),
                Map.of());
    }

    @Override
    protected TargetConfig unreachableConfig() {
        URI nothing = URI.create("http://127.0.0.1:" + FreePorts.free());
        return new TargetConfig(
                "questdb", nothing, "rtbench_events", Credentials.NONE, Duration.ofSeconds(2), Map.of());
    }

    @Override
    protected void dropCollection(String table) throws Exception {
        exec("DROP TABLE IF EXISTS \"" + table + "\"");
    }

    /** The rows as QuestDB's JSON answer has them: {@code "dataset":[[…],…]}. */
    private String exec(String sql) throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(server.address() + "/exec?nm=true&query="
                                + URLEncoder.encode(sql, StandardCharsets.UTF_8)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    @Test
    void theDocumentColumnHoldsTheDocumentAndTheIdentityColumnsTheirValues() throws Exception {
        String table = uniqueCollection();
        Target target = open(config(table));
        target.ensureCollection();
        long generator = newGeneratorId();
        EventBatch batch = TestEvents.batch(generator, 0, 3, nowMicros());
        target.write(batch);
        target.audit(generator); // waits until the write is applied

        String doc = exec("SELECT doc = '" + new String(batch.get(2).json(), StandardCharsets.UTF_8).replace("'", "''")
                + "', _id, cast(_event_time AS LONG), length(doc) FROM \"" + table + "\" WHERE _seq = 2");

        assertThat(doc)
                .contains("[[true,\"" + batch.get(2).id() + "\"," + batch.get(2).eventTimeMicros() + ","
                        + new String(batch.get(2).json(), StandardCharsets.UTF_8).length() + "]]");
    }

    @Test
    void theTableDeduplicatesOnEventTimeAndIdAndPartitionsByTheOption() throws Exception {
        String table = uniqueCollection();
        Target target = open(config(table).withOptions(Map.of("partition.by", "HOUR")));
        target.ensureCollection();

        assertThat(exec("SELECT designatedTimestamp, partitionBy, walEnabled, dedup FROM tables()"
                        + " WHERE table_name = '" + table + "'"))
                .contains("[[\"_event_time\",\"HOUR\",true,true]]");
        assertThat(exec("SELECT \"column\" FROM table_columns('" + table + "') WHERE upsertKey"))
                .contains("[[\"_event_time\"],[\"_id\"]]");
    }

    @Test
    void anUnknownPartitionIsAUsageError() {
        assertThatThrownBy(() -> open(config(uniqueCollection()).withOptions(Map.of("partition.by", "MINUTE"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("partition.by=MINUTE")
                .hasMessageContaining("DAY, HOUR");
    }

    @Test
    void writingToAMissingTableSaysSoAndCreatesNone() throws Exception {
        String table = uniqueCollection();
        Target target = open(config(table));

        assertThatThrownBy(() -> target.write(TestEvents.batch(1, 0, 5, nowMicros())))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("questdb at " + server.address())
                .hasMessageContaining("'" + table + "' does not exist")
                .hasMessageNotContaining("\n");
        assertThat(exec("SELECT count() FROM tables() WHERE table_name = '" + table + "'"))
                .contains("[[0]]");
    }

    @Test
    void aWriteQuestDbRefusesIsRefusedWholeWithItsReason() {
        Target target = openFresh();
        long generator = newGeneratorId();
        EventBatch batch = TestEvents.batch(generator, 0, 3, nowMicros());
        byte[] notAUuid = batch.get(1).json().clone();
        notAUuid[EventLayout.ID_OFFSET] = 'x';
        EventBatch withABadId = new EventBatch(List.of(batch.get(0), Event.parse(notAUuid), batch.get(2)));

        assertThatThrownBy(() -> target.write(withABadId))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("insert of 3 events")
                .hasMessageContaining("HTTP 400")
                .hasMessageContaining("_id")
                .hasMessageNotContaining("\n");
        assertThat(target.audit(generator)).isEqualTo(AuditCounts.NONE);
    }

    /** QuestDB's HTTP basic authentication ({@code http.user}/{@code http.password}), on a server of its own. */
    @Test
    void credentialsGoInBasicAuthAndWrongOnesAreRejectedClearly() {
        try (RunningServer guarded = ServerRecipes.recipe("questdb")
                .startLocal(new ServerConfig(0, Map.of("http.user", "rtbench", "http.password", "right-password")))) {
            TargetConfig right = new TargetConfig(
                    "questdb",
                    URI.create(guarded.address()),
                    uniqueCollection(),
                    new Credentials("rtbench", "right-password", null),
                    Duration.ofSeconds(10),
                    Map.of());
            Target target = open(right);
            target.ensureCollection();
            long generator = newGeneratorId();
            target.write(TestEvents.batch(generator, 0, 10, nowMicros()));
            assertThat(target.audit(generator)).isEqualTo(new AuditCounts(10, 10, 9));

            Target wrong = open(new TargetConfig(
                    "questdb",
                    URI.create(guarded.address()),
                    right.collection(),
                    new Credentials("rtbench", "not-the-password", null),
                    Duration.ofSeconds(10),
                    Map.of()));
            assertThatThrownBy(() -> wrong.write(TestEvents.batch(generator, 10, 5, nowMicros())))
                    .isInstanceOf(TargetException.class)
                    .hasMessageStartingWith("questdb at " + guarded.address())
                    .hasMessageContaining("credentials rejected")
                    .hasMessageNotContaining("not-the-password");
            assertThatThrownBy(() -> wrong.newestEventTimeMicros(generator))
                    .isInstanceOf(TargetException.class)
                    .hasMessageContaining("credentials rejected");
        }
    }

    @Test
    void theServerVersionIsQuestDbs() {
        assertThat(openFresh().serverVersion()).isEqualTo(server.version()).matches("\\d+\\.\\d+.*");
    }
}
