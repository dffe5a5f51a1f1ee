package io.rtbench.servers.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectorDefinitionTest {

    @Test
    void theRestApisFormIsRead() {
        ConnectorDefinition connector = ConnectorDefinition.fromJson("{\"name\":\"jdbc\",\"config\":{"
                + "\"connector.class\":\"io.debezium.connector.jdbc.JdbcSinkConnector\",\"tasks.max\":2,"
                + "\"delete.enabled\":false,\"name\":\"jdbc\"}}");

        assertThat(connector.name()).isEqualTo("jdbc");
        assertThat(connector.config())
                .isEqualTo(Map.of(
                        "connector.class", "io.debezium.connector.jdbc.JdbcSinkConnector",
                        "tasks.max", "2",
                        "delete.enabled", "false"));
        assertThat(connector.configJson()).contains("\"tasks.max\":\"2\"");
    }

    @Test
    void soIsAPlainConfigWithItsName() {
        ConnectorDefinition connector =
                ConnectorDefinition.fromJson("{\"name\":\"s\",\"connector.class\":\"a.B\",\"topics\":\"t\"}");

        assertThat(connector.name()).isEqualTo("s");
        assertThat(connector.config()).isEqualTo(Map.of("connector.class", "a.B", "topics", "t"));
    }

    @Test
    void settingsCanBeAddedAndReplaced() {
        ConnectorDefinition connector = new ConnectorDefinition("s", Map.of("connector.class", "a.B", "topics", "t"))
                .with("topics", "u")
                .with(Map.of("tasks.max", "3"))
                .withName("s2");

        assertThat(connector.name()).isEqualTo("s2");
        assertThat(connector.config()).isEqualTo(Map.of("connector.class", "a.B", "topics", "u", "tasks.max", "3"));
    }

    @Test
    void rtbenchPlaceholdersAreFilledAndConnectsOwnAreLeft() {
        ConnectorDefinition connector = new ConnectorDefinition(
                        "jdbc",
                        Map.of(
                                "connector.class", "a.B",
                                "connection.url", "jdbc:postgresql://${rtbench.target.host}:${rtbench.target.port}/db",
                                "connection.password", "${env:PG_PASSWORD}"))
                .withPlaceholders(Map.of("rtbench.target.host", "127.0.0.1", "rtbench.target.port", "5433"));

        assertThat(connector.config())
                .containsEntry("connection.url", "jdbc:postgresql://127.0.0.1:5433/db")
                .containsEntry("connection.password", "${env:PG_PASSWORD}");
    }

    @Test
    void anUnknownRtbenchPlaceholderIsNamed() {
        ConnectorDefinition connector =
                new ConnectorDefinition("jdbc", Map.of("connector.class", "a.B", "topics", "${rtbench.topik}"));

        assertThatThrownBy(() -> connector.withPlaceholders(Map.of("rtbench.topic", "t")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("connector 'jdbc' setting 'topics' uses ${rtbench.topik}; known: [${rtbench.topic}]");
    }

    @Test
    void theShippedDebeziumTemplateIsAValidDefinition() {
        ConnectorDefinition debezium = ConnectorDefinition.resource("debezium-jdbc-postgres.json");

        assertThat(debezium.config())
                .containsEntry("connector.class", "io.debezium.connector.jdbc.JdbcSinkConnector")
                .containsEntry("insert.mode", "upsert")
                .containsEntry("primary.key.mode", "record_key")
                .containsEntry("primary.key.fields", "_id")
                .containsEntry("delete.enabled", "true")
                .containsEntry("transforms.key.type", "org.apache.kafka.connect.transforms.HoistField$Key")
                .containsEntry("header.converter", "org.apache.kafka.connect.converters.ByteArrayConverter")
                .containsEntry("value.converter.schemas.enable", "true");
    }

    @Test
    void badDefinitionsSayWhatIsWrong() {
        assertThatThrownBy(() -> ConnectorDefinition.fromJson("{nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("connector definition is not JSON");
        assertThatThrownBy(() -> ConnectorDefinition.fromJson("{\"config\":{\"connector.class\":\"a.B\"}}"))
                .hasMessage("a connector needs a name");
        assertThatThrownBy(() -> ConnectorDefinition.fromJson("{\"name\":\"x\",\"config\":{\"topics\":\"t\"}}"))
                .hasMessage("connector 'x' has no connector.class");
        assertThatThrownBy(() -> ConnectorDefinition.fromJson(
                        "{\"name\":\"x\",\"config\":{\"connector.class\":\"a.B\",\"topics\":[\"t\"]}}"))
                .hasMessageContaining("setting 'topics' must be a string, number or boolean");
    }
}
