package io.rtbench.connectors.clickhouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.ServerTargetContractIT;
import io.rtbench.connectors.TestEvents;
import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.local.FreePorts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ClickHouseTargetIT extends ServerTargetContractIT {

    private RunningServer server;

    @BeforeAll
    void server(@RealServer("clickhouse") RunningServer server) {
        this.server = server;
    }

    /** system.parts; 18.16 has no MemoryResident and no process CPU. */
    @Override
    protected Set<String> utilisationMeasures() {
        return Set.of("disk");
    }

    @Override
    protected TargetConfig config(String collection) {
        return new TargetConfig(
                "clickhouse",
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
                "clickhouse", nothing, "rtbench_events", Credentials.NONE, Duration.ofSeconds(2), Map.of());
    }

    /** Re-delivered rows stay until ReplacingMergeTree merges their parts. */
    @Override
    protected boolean storesEachIdOnce() {
        return false;
    }

    @Override
    protected void dropCollection(String table) throws Exception {
        execute("DROP TABLE IF EXISTS `default`.`" + table + "`");
    }

    private String execute(String sql) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(server.address() + "/"))
                                .POST(HttpRequest.BodyPublishers.ofString(sql))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    @Test
    void theDocumentColumnHoldsTheDocumentByteForByte() throws Exception {
        String table = uniqueCollection();
        Target target = open(config(table));
        target.ensureCollection();
        long generator = newGeneratorId();
        EventBatch batch = TestEvents.batch(generator, 0, 3, nowMicros());
        target.write(batch);

        String doc = execute("SELECT doc FROM `default`.`" + table + "` WHERE _seq = 2 AND generator_identifier = "
                + generator + " FORMAT TSVRaw");

        assertThat(doc).isEqualTo(new String(batch.get(2).json(), StandardCharsets.UTF_8) + "\n");
    }

    @Test
    void aTableMadeForAnotherWorkloadIsRefusedAtTheStartNamingWhatItLacks() {
        String ingestTable = uniqueCollection();
        open(config(ingestTable)).ensureCollection();

        assertThatThrownBy(() ->
                        open(config(ingestTable).forDml(UpdateMode.REPLACE)).ensureCollection())
                .isInstanceOf(TargetException.class)
                .hasMessage("clickhouse at " + server.address() + ": using table default." + ingestTable
                        + " for workload dml failed: it was made for another workload or by an older rtbench (no _op,"
                        + " no _version, no _deleted); use a fresh --collection or drop the table");
        assertThatThrownBy(() -> open(config(ingestTable).forMixed()).ensureCollection())
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("(no user_id, no balance)");
    }

    @Test
    void aMixedTableOfAnOlderRtbenchIsRefusedButIngestMayWriteIntoAnyLayout() throws Exception {
        String old = uniqueCollection();
        // the layout rtbench gave workload mixed before its columns became DEFAULTs
        execute("CREATE TABLE `default`.`" + old + "` (_id String, _event_time UInt64, generator_identifier UInt64,"
                + " _seq UInt64, doc String, user_id UInt64 MATERIALIZED " + ClickHouseReads.USER_FROM_DOC
                + ") ENGINE = ReplacingMergeTree() ORDER BY (generator_identifier, _event_time, _id)");

        assertThatThrownBy(() -> open(config(old).forMixed()).ensureCollection())
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("(user_id MATERIALIZED, no balance)");

        String mixed = uniqueCollection();
        open(config(mixed).forMixed()).ensureCollection();
        open(config(mixed).forMixed()).ensureCollection();
        Target ingest = open(config(mixed));
        ingest.ensureCollection();
        long generator = newGeneratorId();
        ingest.write(TestEvents.batch(generator, 0, 2, nowMicros()));
        assertThat(ingest.audit(generator).count()).isEqualTo(2);
    }

    @Test
    void unknownUserIsRejectedWithAClearMessage() {
        TargetConfig config = new TargetConfig(
                "clickhouse",
                URI.create(server.address()),
                uniqueCollection(),
                new Credentials("rtbench_no_such_user", "not-the-password", null),
                Duration.ofSeconds(10),
                Map.of());
        Target target = open(config);

        assertThatThrownBy(target::ensureCollection)
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("clickhouse at " + server.address())
                .hasMessageContaining("credentials rejected")
                .hasMessageContaining("RTBENCH_TARGET_USER")
                .hasMessageNotContaining("not-the-password");
    }

    @Test
    void databaseOptionCreatesAndUsesThatDatabase() throws Exception {
        String database = uniqueCollection();
        try {
            Target target = open(config(uniqueCollection()).withOptions(Map.of("database", database)));
            target.ensureCollection();
            target.ensureCollection();
            long generator = newGeneratorId();

            target.write(TestEvents.batch(generator, 0, 30, nowMicros()));

            assertThat(target.audit(generator)).isEqualTo(new AuditCounts(30, 30, 29));
        } finally {
            execute("DROP DATABASE IF EXISTS `" + database + "`");
        }
    }
}
