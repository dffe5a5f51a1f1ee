package io.rtbench.servers.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.ServerRecipes;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.utility.DockerImageName;

class DockerImagesTest {

    @Test
    void defaultsAreTheOfficialImagesPinned() {
        DockerImages images = DockerImages.from(Map.of());
        assertThat(images.name(ServerKind.KAFKA)).startsWith("apache/kafka:4.");
        assertThat(images.name(ServerKind.fromCliName("elasticsearch")))
                .startsWith("docker.elastic.co/elasticsearch/elasticsearch:9.");
        assertThat(images.name(ServerKind.fromCliName("opensearch"))).startsWith("opensearchproject/opensearch:3.");
        assertThat(images.name(ServerKind.fromCliName("clickhouse"))).startsWith("clickhouse/clickhouse-server:");
        assertThat(images.name(ServerKind.fromCliName("postgres"))).startsWith("postgres:");
        assertThat(images.name(ServerKind.PROMETHEUS)).startsWith("prom/prometheus:");
        for (ServerRecipe recipe : ServerRecipes.all()) {
            assertThat(images.name(recipe.kind())).doesNotEndWith(":latest").matches("[^:]+:[0-9v][^:]*");
        }
    }

    @Test
    void anEnvironmentVariableOverridesAnImageAndConnectFollowsKafka() {
        DockerImages images = DockerImages.from(
                Map.of("RTBENCH_IMAGE_KAFKA", "rtbench-local/kafka:4.3.1", "RTBENCH_IMAGE_POSTGRES", " "));
        assertThat(images.name(ServerKind.KAFKA)).isEqualTo("rtbench-local/kafka:4.3.1");
        assertThat(images.name(ServerKind.CONNECT)).isEqualTo("rtbench-local/kafka:4.3.1");
        assertThat(images.name(ServerKind.fromCliName("postgres"))).startsWith("postgres:");
        assertThat(images.image(ServerKind.KAFKA, "apache/kafka")
                        .isCompatibleWith(DockerImageName.parse("apache/kafka")))
                .isTrue();
    }

    @Test
    void parsesDotEnvLinesAndRejectsOthers() {
        assertThat(DockerImages.parse("# comment\n\nA=b:1\n B = c \n")).isEqualTo(Map.of("A", "b:1", "B", "c"));
        assertThatThrownBy(() -> DockerImages.parse("just words"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a NAME=VALUE line");
    }

    @Test
    void brokerPropertiesBecomeTheOfficialImagesVariables() {
        assertThat(KafkaContainers.brokerVariable("num.partitions")).isEqualTo("KAFKA_NUM_PARTITIONS");
        assertThat(KafkaContainers.brokerVariable("log.retention_ms")).isEqualTo("KAFKA_LOG_RETENTION__MS");
    }
}
