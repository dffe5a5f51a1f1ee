package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SearchEngineConfigTest {

    private static final Path DIR = Path.of("/tmp/rtbench-es-1");
    private static final Path HOME = Path.of("/cache/opensearch-3.8.0");

    @Test
    void singleNodeOnLoopbackWithItsFilesInTheTempDir() {
        Map<String, String> node =
                new SearchEngineConfig(SearchEngine.OPENSEARCH, 9200, 9300, DIR, Map.of()).nodeSettings();

        assertThat(node)
                .contains(
                        entry("discovery.type", "single-node"),
                        entry("network.host", "127.0.0.1"),
                        entry("http.port", "9200"),
                        entry("transport.port", "9300"),
                        entry("path.data", DIR.resolve("data").toString()),
                        entry("path.logs", DIR.resolve("logs").toString()),
                        entry("cluster.routing.allocation.disk.threshold_enabled", "false"))
                .doesNotContainKey("xpack.security.enabled");
    }

    @Test
    void elasticsearchRunsWithoutSecurity() {
        assertThat(new SearchEngineConfig(SearchEngine.ELASTICSEARCH, 9200, 9300, DIR, Map.of()).nodeSettings())
                .containsEntry("xpack.security.enabled", "false");
    }

    @Test
    void settingsBecomeNodeSettingsAndWinExceptTheHeap() {
        SearchEngineConfig config = new SearchEngineConfig(
                SearchEngine.ELASTICSEARCH,
                9200,
                9300,
                DIR,
                Map.of("heap", "1g", "xpack.security.enabled", "true", "indices.memory.index_buffer_size", "20%"));

        assertThat(config.nodeSettings())
                .containsEntry("xpack.security.enabled", "true")
                .containsEntry("indices.memory.index_buffer_size", "20%")
                .doesNotContainKey("heap");
        assertThat(config.heapOptions()).isEqualTo("-Xms1g\n-Xmx1g\n");
        assertThat(config.arguments(DIR.resolve("es.pid")))
                .startsWith("-p", DIR.resolve("es.pid").toString())
                .containsSequence("-E", "indices.memory.index_buffer_size=20%");
    }

    @Test
    void jvmOptionsGoAfterTheHeapOneALineAndAreNoNodeSetting() {
        SearchEngineConfig config = new SearchEngineConfig(
                SearchEngine.OPENSEARCH,
                1,
                2,
                DIR,
                Map.of("jvm.options", " -XX:TieredStopAtLevel=1  -XX:+UseSerialGC ", "heap", "256m"));

        assertThat(config.heapOptions()).isEqualTo("-Xms256m\n-Xmx256m\n-XX:TieredStopAtLevel=1\n-XX:+UseSerialGC\n");
        assertThat(config.nodeSettings()).doesNotContainKey("jvm.options");
    }

    @Test
    void heapIs512MegabytesByDefaultAndMustBeASize() {
        assertThat(new SearchEngineConfig(SearchEngine.OPENSEARCH, 1, 2, DIR, Map.of()).heapOptions())
                .isEqualTo("-Xms512m\n-Xmx512m\n");
        assertThatThrownBy(() -> new SearchEngineConfig(SearchEngine.OPENSEARCH, 1, 2, DIR, Map.of("heap", "lots")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("heap");
    }

    @Test
    void environmentPointsTheLaunchScriptAtOurJavaAndConfig() {
        Map<String, String> env = new SearchEngineConfig(SearchEngine.OPENSEARCH, 1, 2, DIR, Map.of())
                .environment(Path.of("/usr/lib/jvm/jdk-25"));

        assertThat(env)
                .containsEntry("OPENSEARCH_JAVA_HOME", "/usr/lib/jvm/jdk-25")
                .containsEntry("OPENSEARCH_PATH_CONF", DIR.resolve("config").toString())
                .containsEntry("OPENSEARCH_TMPDIR", DIR.resolve("tmp").toString())
                .containsEntry("OPENSEARCH_JAVA_OPTS", "");
    }

    @Test
    void relativePathsOfTheJvmOptionsPointIntoTheTempDirAndTheHome() {
        String original = """
                -Xms1g
                -XX:HeapDumpPath=data
                -XX:ErrorFile=logs/hs_err_pid%p.log
                8:-Xloggc:logs/gc.log
                9-:-Xlog:gc*,gc+age=trace,safepoint:file=logs/gc.log:utctime,pid,tags:filecount=32,filesize=64m
                21-:-javaagent:agent/opensearch-agent.jar
                -Djava.io.tmpdir=${OPENSEARCH_TMPDIR}
                """;

        assertThat(SearchEngineConfig.privateJvmOptions(original, HOME, DIR)).isEqualTo("""
                        -Xms1g
                        -XX:HeapDumpPath=/tmp/rtbench-es-1/data
                        -XX:ErrorFile=/tmp/rtbench-es-1/logs/hs_err_pid%p.log
                        8:-Xloggc:/tmp/rtbench-es-1/logs/gc.log
                        9-:-Xlog:gc*,gc+age=trace,safepoint:file=/tmp/rtbench-es-1/logs/gc.log:utctime,pid,tags:\
                        filecount=32,filesize=64m
                        21-:-javaagent:/cache/opensearch-3.8.0/agent/opensearch-agent.jar
                        -Djava.io.tmpdir=${OPENSEARCH_TMPDIR}
                        """);
    }

    @Test
    void elasticsearchJvmOptionsStayAsTheyAre() {
        // Elasticsearch runs its server JVM in path.logs, so its relative file names already land in the temp dir.
        String original = "-XX:ErrorFile=hs_err_pid%p.log\n"
                + "-Xlog:gc*,gc+age=trace,safepoint:file=gc.log:utctime,level,pid,tags:filecount=32,filesize=64m\n";

        assertThat(SearchEngineConfig.privateJvmOptions(original, HOME, DIR)).isEqualTo(original);
    }
}
