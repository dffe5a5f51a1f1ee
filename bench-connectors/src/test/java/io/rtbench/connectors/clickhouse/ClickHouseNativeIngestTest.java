package io.rtbench.connectors.clickhouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.common.ConsumerGroupReadiness;
import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The statements and options of ClickHouse's native ingestion, without a server (ClickHouseNativeIngestIT runs them). */
class ClickHouseNativeIngestTest {

    private static final TargetConfig CONFIG = TargetConfig.of("clickhouse", URI.create("http://127.0.0.1:8123"));

    @Test
    void tabSeparatedKeepsTheDocumentAndExtractsTheIdentityFields() {
        ClickHouseKafkaDdl ddl =
                new ClickHouseNativeIngest(CONFIG.withOptions(Map.of("kafka.format", "TabSeparated"))).ddl();

        assertThat(ddl.createQueue("127.0.0.1:9092", "rtbench.events", "g"))
                .isEqualTo("CREATE TABLE `default`.`rtbench_events_kafka` (doc String) ENGINE = Kafka SETTINGS"
                        + " kafka_broker_list = '127.0.0.1:9092', kafka_topic_list = 'rtbench.events',"
                        + " kafka_group_name = 'g', kafka_format = 'TabSeparated', kafka_row_delimiter = '\\n',"
                        + " kafka_num_consumers = 1, kafka_max_block_size = 1000");
        assertThat(ddl.createView())
                .isEqualTo("CREATE MATERIALIZED VIEW `default`.`rtbench_events_kafka_mv` TO `default`.`rtbench_events`"
                        + " AS SELECT visitParamExtractString(doc, '_id') AS _id,"
                        + " visitParamExtractUInt(doc, '_event_time') AS _event_time,"
                        + " visitParamExtractUInt(doc, 'generator_identifier') AS generator_identifier,"
                        + " visitParamExtractUInt(doc, '_seq') AS _seq, doc"
                        + " FROM `default`.`rtbench_events_kafka` WHERE _event_time != 0");
        assertThat(ddl.dropView()).isEqualTo("DROP TABLE IF EXISTS `default`.`rtbench_events_kafka_mv`");
        assertThat(ddl.dropQueue()).isEqualTo("DROP TABLE IF EXISTS `default`.`rtbench_events_kafka`");
    }

    @Test
    void jsonEachRowIsTheDefault() {
        ClickHouseKafkaDdl ddl = new ClickHouseNativeIngest(CONFIG).ddl();

        assertThat(ddl.format()).isEqualTo("JSONEachRow");
        assertThat(ddl.consumers()).isEqualTo(1);
        assertThat(ddl.createQueue("b:1", "t", "g")).endsWith("kafka_max_block_size = 1000");
    }

    @Test
    void optionsChooseFormatConsumersBlockSizeAndDatabase() {
        ClickHouseKafkaDdl ddl = new ClickHouseNativeIngest(CONFIG.withCollection("events")
                        .withOptions(Map.of(
                                "kafka.format", "JSONEachRow",
                                "kafka.num.consumers", "4",
                                "kafka.max.block.size", "1000",
                                "database", "bench")))
                .ddl();

        assertThat(ddl.createQueue("b:1", "t", "g"))
                .startsWith("CREATE TABLE `bench`.`events_kafka` (_id String, _event_time UInt64,"
                        + " generator_identifier UInt64, _seq UInt64) ENGINE = Kafka")
                .contains("kafka_format = 'JSONEachRow'")
                .endsWith("kafka_num_consumers = 4, kafka_max_block_size = 1000");
        assertThat(ddl.createView())
                .isEqualTo("CREATE MATERIALIZED VIEW `bench`.`events_kafka_mv` TO `bench`.`events` AS SELECT _id,"
                        + " _event_time, generator_identifier, _seq, '' AS doc FROM `bench`.`events_kafka`"
                        + " WHERE _event_time != 0");
    }

    /** The reads need user_id and balance in the destination; with JSONEachRow the view keeps no document to take them from. */
    @Test
    void forWorkloadMixedTheViewFillsUserAndBalanceInEitherFormat() {
        ClickHouseKafkaDdl json = new ClickHouseNativeIngest(CONFIG.forMixed()).ddl();
        assertThat(json.createQueue("b:1", "t", "g"))
                .contains("(_id String, _event_time UInt64, generator_identifier UInt64, _seq UInt64, user_id UInt64,"
                        + " balance Float64) ENGINE = Kafka");
        assertThat(json.createView())
                .contains("SELECT _id, _event_time, generator_identifier, _seq, '' AS doc, user_id, balance FROM");

        ClickHouseKafkaDdl tsv = new ClickHouseNativeIngest(CONFIG.withOptions(Map.of("kafka.format", "TabSeparated"))
                        .forMixed())
                .ddl();
        assertThat(tsv.createQueue("b:1", "t", "g")).contains("(doc String) ENGINE = Kafka");
        assertThat(tsv.createView())
                .contains(" doc, visitParamExtractUInt(doc, 'user_id') AS user_id,"
                        + " visitParamExtractFloat(doc, 'balance') AS balance FROM");
    }

    @Test
    void quotesInNamesCannotEndTheLiteral() {
        assertThat(ClickHouseKafkaDdl.literal("it's a \\ group")).isEqualTo("'it\\'s a \\\\ group'");
    }

    @Test
    void invalidOptionsAreUsageErrorsBeforeAnythingConnects() {
        TargetConfig noUrl = TargetConfig.of("clickhouse", null);

        assertThatThrownBy(() -> new ClickHouseNativeIngest(noUrl.withOptions(Map.of("kafka.format", "CSV"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("target option kafka.format=CSV for clickhouse is invalid; expected one of JSONEachRow,"
                        + " TabSeparated");
        assertThatThrownBy(() -> new ClickHouseNativeIngest(noUrl.withOptions(Map.of("kafka.num.consumers", "0"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kafka.num.consumers=0");
        assertThatThrownBy(() -> new ClickHouseNativeIngest(noUrl.withOptions(Map.of("kafka.max.block.size", "x"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kafka.max.block.size=x");
    }

    @Test
    void theProviderOffersNativeIngestionWithoutAUrl() {
        NativeIngest ingest = Targets.provider("clickhouse")
                .nativeIngest(TargetConfig.of("clickhouse", null))
                .orElseThrow();

        assertThatThrownBy(ingest::consumerGroup).isInstanceOf(IllegalStateException.class);
        ingest.close(); // never started: nothing to drop
        assertThat(Targets.provider("postgres").nativeIngest(TargetConfig.of("postgres", null)))
                .isEmpty();
    }

    @Test
    void onlyPlainJsonDocumentsAreRead() {
        NativeIngest ingest = new ClickHouseNativeIngest(CONFIG);
        NativeIngest.Source enveloped =
                NativeIngest.Source.of("127.0.0.1:9092", "t").withValueFormat("json-with-schema");

        assertThatThrownBy(() -> ingest.start(enveloped, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("clickhouse's native ingestion reads the plain JSON documents (value format json), not"
                        + " 'json-with-schema'");
    }

    @Test
    void theGroupIsNamedAfterKindAndCollection() {
        assertThat(ClickHouseNativeIngest.defaultGroup(CONFIG.withCollection("c1")))
                .isEqualTo("rtbench-native-clickhouse-c1");
    }

    @Test
    void theMarkerIsADocumentTheViewDrops() {
        String marker = new String(ConsumerGroupReadiness.MARKER, StandardCharsets.US_ASCII);

        assertThat(marker).startsWith("{\"_id\":\"").contains(",\"_event_time\":0,");
        assertThat(marker).doesNotContain("\\", "\t", "\n");
    }
}
