package io.rtbench.connectors.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.target.TargetConfig;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IndexSettingsTest {

    private static IndexSettings settings(Map<String, String> options) {
        return IndexSettings.from(TargetConfig.of("opensearch", URI.create("http://127.0.0.1:9200"))
                .withOptions(options));
    }

    @Test
    void defaultsAreOneShardNoReplicaOneSecondRefreshAndLongIds() throws Exception {
        JsonNode body = new ObjectMapper().readTree(settings(Map.of()).createIndexBody());

        assertThat(body.at("/settings/index/number_of_shards").asInt()).isEqualTo(1);
        assertThat(body.at("/settings/index/number_of_replicas").asInt()).isZero();
        assertThat(body.at("/settings/index/refresh_interval").asText()).isEqualTo("1s");
        assertThat(body.at("/mappings/dynamic").asBoolean()).isTrue();
        assertThat(body.at("/mappings/properties/generator_identifier/type").asText())
                .isEqualTo("long");
        assertThat(body.at("/mappings/properties/_event_time/type").asText()).isEqualTo("long");
        assertThat(body.at("/mappings/properties/_seq/type").asText()).isEqualTo("long");
    }

    @Test
    void optionsChangeTheIndex() throws Exception {
        IndexSettings settings = settings(Map.of(
                "shards", "3", "replicas", "1", "refresh.interval", "-1", "generator_identifier.type", "keyword"));
        JsonNode body = new ObjectMapper().readTree(settings.createIndexBody());

        assertThat(body.at("/settings/index/number_of_shards").asInt()).isEqualTo(3);
        assertThat(body.at("/settings/index/refresh_interval").asText()).isEqualTo("-1");
        assertThat(body.at("/mappings/properties/generator_identifier/type").asText())
                .isEqualTo("keyword");
        assertThat(settings.generatorTerm(42)).isEqualTo("\"42\"");
        assertThat(settings(Map.of()).generatorTerm(42)).isEqualTo("42");
    }

    @Test
    void rejectsValuesTheEngineWouldRefuseLater() {
        assertThatThrownBy(() -> settings(Map.of("refresh.interval", "1 second")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refresh.interval=1 second");
        assertThatThrownBy(() -> settings(Map.of("replicas", "-1"))).hasMessageContaining("replicas=-1");
        assertThatThrownBy(() -> settings(Map.of("generator_identifier.type", "text")))
                .hasMessageContaining("one of long, keyword");
    }
}
