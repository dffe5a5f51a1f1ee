package io.rtbench.connectors.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.ConfigValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RtbenchSinkConfigTest {

    private static final Map<String, String> ENV =
            Map.of("RTBENCH_TARGET_USER", "bench", "RTBENCH_TARGET_PASSWORD", "s3cret");

    @TempDir
    Path dir;

    private static Map<String, String> settings(String... pairs) {
        Map<String, String> settings = new HashMap<>();
        settings.put(RtbenchSinkConfig.TARGET_KIND, "opensearch");
        settings.put(RtbenchSinkConfig.TARGET_URL, "http://127.0.0.1:9200");
        for (int i = 0; i < pairs.length; i += 2) {
            settings.put(pairs[i], pairs[i + 1]);
        }
        return settings;
    }

    @Test
    void defaults() {
        RtbenchSinkConfig config = RtbenchSinkConfig.parse(settings(), Map.of());

        assertThat(config.target())
                .isEqualTo(new TargetConfig(
                        "opensearch",
                        URI.create("http://127.0.0.1:9200"),
                        "rtbench_events",
                        Credentials.NONE,
                        Duration.ofSeconds(5),
                        Map.of()));
        assertThat(config.createCollection()).isTrue();
        assertThat(config.batchSize()).isEqualTo(500);
        assertThat(config.retryBackoff()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.retryTimeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(config.metricsDir()).isEmpty();
        assertThat(config.metricsInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.connectorName()).isEqualTo("rtbench-sink");
        assertThat(config.taskId()).isEqualTo(-1);
    }

    @Test
    void everySettingIsRead() {
        RtbenchSinkConfig config = RtbenchSinkConfig.parse(
                settings(
                        "name",
                        "os-sink",
                        RtbenchSinkConfig.TASK_ID,
                        "2",
                        RtbenchSinkConfig.TARGET_COLLECTION,
                        "events_1",
                        RtbenchSinkConfig.TARGET_TIMEOUT_MS,
                        "2500",
                        "target.option.refresh.interval",
                        "250ms",
                        "target.option.shards",
                        "2",
                        RtbenchSinkConfig.CREATE_COLLECTION,
                        "false",
                        RtbenchSinkConfig.BATCH_SIZE,
                        "1000",
                        RtbenchSinkConfig.RETRY_BACKOFF_MS,
                        "100",
                        RtbenchSinkConfig.RETRY_TIMEOUT_MS,
                        "60000",
                        RtbenchSinkConfig.METRICS_DIR,
                        "/tmp/m",
                        RtbenchSinkConfig.METRICS_INTERVAL_MS,
                        "200"),
                Map.of());

        assertThat(config.target().collection()).isEqualTo("events_1");
        assertThat(config.target().timeout()).isEqualTo(Duration.ofMillis(2500));
        assertThat(config.target().options()).isEqualTo(Map.of("refresh.interval", "250ms", "shards", "2"));
        assertThat(config.createCollection()).isFalse();
        assertThat(config.batchSize()).isEqualTo(1000);
        assertThat(config.retryBackoff()).isEqualTo(Duration.ofMillis(100));
        assertThat(config.retryTimeout()).isEqualTo(Duration.ofMinutes(1));
        assertThat(config.metricsDir()).contains(Path.of("/tmp/m"));
        assertThat(config.metricsInterval()).isEqualTo(Duration.ofMillis(200));
        assertThat(config.connectorName()).isEqualTo("os-sink");
        assertThat(config.taskId()).isEqualTo(2);
    }

    @Test
    void credentialsComeFromTheWorkersEnvironment() {
        Credentials credentials =
                RtbenchSinkConfig.parse(settings(), ENV).target().credentials();

        assertThat(credentials.user()).isEqualTo("bench");
        assertThat(credentials.password()).isEqualTo("s3cret");
        assertThat(credentials.toString()).doesNotContain("s3cret");
    }

    @Test
    void orFromACredentialsFileWhichWins() throws Exception {
        Path file = Files.writeString(dir.resolve("target.properties"), "user=filed\npassword=from-file\n");

        Credentials credentials = RtbenchSinkConfig.parse(
                        settings(RtbenchSinkConfig.CREDENTIALS_FILE, file.toString()), ENV)
                .target()
                .credentials();

        assertThat(credentials.user()).isEqualTo("filed");
        assertThat(credentials.password()).isEqualTo("from-file");
    }

    @Test
    void anOptionTheDriverDoesNotTakeIsRefused() {
        // a misspelt option (OpenSearch's own setting name) kept the driver's default, said only in the worker's log
        assertThatThrownBy(() -> RtbenchSinkConfig.parse(settings("target.option.number_of_shards", "1"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("invalid target settings: opensearch has no option number_of_shards; it takes"
                        + " generator_identifier.type, refresh.interval, replicas, shards");
    }

    @Test
    void aMissingCredentialsFileIsNamed() {
        assertThatThrownBy(() -> RtbenchSinkConfig.parse(
                        settings(
                                RtbenchSinkConfig.CREDENTIALS_FILE,
                                dir.resolve("nope").toString()),
                        Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(RtbenchSinkConfig.CREDENTIALS_FILE)
                .hasMessageContaining("cannot read " + dir.resolve("nope") + ": no such file");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "target.password",
                "target.option.password",
                "target.option.api.key",
                "target.secret",
                "target.option.token",
                "rtbench.apikey"
            })
    void secretsAreRefusedWithoutEchoingThem(String name) {
        assertThatThrownBy(() -> RtbenchSinkConfig.parse(settings(name, "hunter2"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(name + " looks like a secret")
                .hasMessageContaining(RtbenchSinkConfig.CREDENTIALS_FILE)
                .hasMessageNotContaining("hunter2");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://bench:hunter2@127.0.0.1:9200",
                "postgresql://bench:hunter2@127.0.0.1/rtbench",
                "jdbc:postgresql://bench:hunter2@127.0.0.1/rtbench"
            })
    void urlsWithCredentialsAreRefusedWithoutEchoingThem(String url) {
        assertThatThrownBy(() -> RtbenchSinkConfig.parse(settings(RtbenchSinkConfig.TARGET_URL, url), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("target.url must not contain a password")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void aUserNameAloneIsNoSecretAsRtbenchServersPrintsIt() {
        RtbenchSinkConfig config = RtbenchSinkConfig.parse(
                settings(RtbenchSinkConfig.TARGET_URL, "postgresql://rtbench@127.0.0.1:5432/rtbench"), Map.of());

        assertThat(config.target().url()).hasToString("postgresql://rtbench@127.0.0.1:5432/rtbench");
    }

    @Test
    void theKindIsRequiredAndMustBeKnown() {
        Map<String, String> none = settings();
        none.remove(RtbenchSinkConfig.TARGET_KIND);

        assertThatThrownBy(() -> RtbenchSinkConfig.parse(none, Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("target.kind");
        assertThatThrownBy(() -> RtbenchSinkConfig.parse(settings(RtbenchSinkConfig.TARGET_KIND, "mongo"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown target kind")
                // the registered kinds, whichever they are: adding a target edits no test
                .hasMessageContaining("known kinds: " + String.join(", ", Targets.kinds()))
                .hasMessageContaining("clickhouse, elasticsearch");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                RtbenchSinkConfig.TARGET_COLLECTION + "=Events",
                RtbenchSinkConfig.TARGET_COLLECTION + "=a b",
                RtbenchSinkConfig.BATCH_SIZE + "=0",
                RtbenchSinkConfig.TARGET_TIMEOUT_MS + "=0",
                RtbenchSinkConfig.RETRY_TIMEOUT_MS + "=-1",
                RtbenchSinkConfig.METRICS_INTERVAL_MS + "=5",
                RtbenchSinkConfig.CREATE_COLLECTION + "=perhaps",
                RtbenchSinkConfig.TARGET_URL + "=http://bad host"
            })
    void badValuesAreRefusedNamingTheSetting(String setting) {
        String[] pair = setting.split("=", 2);

        assertThatThrownBy(() -> RtbenchSinkConfig.parse(settings(pair[0], pair[1]), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(pair[0]);
    }

    @Test
    void connectorConfigRoundTripsWithoutCredentials() {
        TargetConfig target = new TargetConfig(
                "clickhouse",
                URI.create("http://127.0.0.1:8123"),
                "events_2",
                new Credentials("bench", "s3cret", null),
                Duration.ofSeconds(7),
                Map.of("database", "bench_db"));

        Map<String, String> connector = RtbenchSinkConfig.connectorConfig("rtbench.events", target);

        assertThat(connector)
                .containsEntry("connector.class", RtbenchSinkConnector.class.getName())
                .containsEntry("topics", "rtbench.events")
                .containsEntry("value.converter", "org.apache.kafka.connect.converters.ByteArrayConverter")
                .containsEntry("key.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
        assertThat(connector.values()).doesNotContain("s3cret", "bench");
        assertThat(RtbenchSinkConfig.parse(connector, Map.of()).target())
                .isEqualTo(new TargetConfig(
                        "clickhouse",
                        URI.create("http://127.0.0.1:8123"),
                        "events_2",
                        Credentials.NONE,
                        Duration.ofSeconds(7),
                        Map.of("database", "bench_db")));
    }

    @Test
    void connectorValidationReportsSecretsAsErrorsOfTheirSetting() {
        Config result = new RtbenchSinkConnector().validate(settings("target.password", "hunter2"));

        Optional<ConfigValue> password = result.configValues().stream()
                .filter(value -> value.name().equals("target.password"))
                .findFirst();
        assertThat(password).isPresent();
        assertThat(password.get().value()).isNull();
        assertThat(password.get().errorMessages()).singleElement().asString().contains("looks like a secret");
        assertThat(result.configValues())
                .filteredOn(value -> !value.name().equals("target.password"))
                .allMatch(value -> value.errorMessages().isEmpty());
    }

    @Test
    void everyTaskGetsTheSettingsAndItsNumber() {
        RtbenchSinkConnector connector = new RtbenchSinkConnector();
        connector.start(settings("name", "s"));

        List<Map<String, String>> tasks = connector.taskConfigs(3);

        assertThat(tasks).hasSize(3);
        assertThat(tasks)
                .extracting(task -> task.get(RtbenchSinkConfig.TASK_ID))
                .containsExactly("0", "1", "2");
        assertThat(tasks).allSatisfy(task -> assertThat(task).containsAllEntriesOf(settings("name", "s")));
    }
}
