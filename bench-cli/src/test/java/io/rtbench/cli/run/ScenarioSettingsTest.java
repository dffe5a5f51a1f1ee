package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.result.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The result's {@code scenario.settings} of fixed runs, key by key: every key, value and format a result records, so
 * that a change to how a run's settings are held or described cannot change what results say.
 */
class ScenarioSettingsTest {

    @TempDir
    Path dir;

    @Test
    void aRepeatedBridgeRunOfWorkloadDmlRecordsEverySettingItUsed() throws JsonProcessingException {
        RunSpec spec = RunArgs.parse(
                        "run",
                        "--target",
                        "opensearch",
                        "--target-option",
                        "refresh.interval=1s",
                        "--collection",
                        "pinned",
                        "--topic",
                        "pinned.events",
                        "--rates",
                        "1MB,2MB",
                        "--batch-sizes",
                        "20,40",
                        "--generators",
                        "3",
                        "--doc-size",
                        "2000",
                        "--seed",
                        "7",
                        "--prefill",
                        "100",
                        "--warmup",
                        "3s",
                        "--duration",
                        "20s",
                        "--probe-interval",
                        "250ms",
                        "--probe-timeout",
                        "2s",
                        "--drain-timeout",
                        "30s",
                        "--connect-timeout",
                        "15s",
                        "--retry-timeout",
                        "90s",
                        "--target-timeout",
                        "45s",
                        "--bridge-batch-size",
                        "300",
                        "--bridge-linger",
                        "2ms",
                        "--bridge-threads",
                        "2",
                        "--bridge-max-in-flight",
                        "8",
                        "--forks",
                        "2",
                        "--iterations",
                        "3",
                        "--warmup-iterations",
                        "1",
                        "--fork-servers",
                        "--workload",
                        "dml",
                        "--updates",
                        "20%",
                        "--deletes",
                        "5%",
                        "--update-mode",
                        "patch",
                        "--min-row-age",
                        "3s")
                .build("unused.json");

        assertThat(json(RunSpecMapping.scenario(spec, 2)))
                .isEqualTo(
                        "{'target':'opensearch','pipeline':'kafka-bridge','batchSize':20,'generators':3,'docSize':2000,"
                                + "'seed':7,'prefillEvents':100,'auditTimeout':'1m','batchSizes':[20,40],'bridgeBatchSize':300,'bridgeLinger':'2ms',"
                                + "'bridgeMaxInFlight':8,'bridgeThreads':2,'collection':'pinned','connectTimeout':'15s',"
                                + "'deletes':'5%','duration':'20s','forkServers':true,'forks':2,'iterationTime':'20s',"
                                + "'iterations':3,'minRowAge':'3s','probeInterval':'250ms','probeTimeout':'2s','rates':['1MB/s',"
                                + "'2MB/s'],'retryTimeout':'90s','servers':'local','targetOptions':{'refresh.interval':'1s'},"
                                + "'targetTimeout':'45s','topic':'pinned.events','updateMode':'patch','updates':'20%',"
                                + "'valueFormat':'json','warmup':'3s','warmupIterations':1,'workers':2,'workload':'dml'}");
    }

    @Test
    void aConnectRunOfAnotherConnectorWithIterationsOfTheirOwnLength() throws IOException {
        Path connector = Files.writeString(
                dir.resolve("sink.json"), "{\"name\":\"x\",\"config\":{\"connector.class\":\"x.Sink\"}}");
        RunSpec spec = RunArgs.parse(
                        "run",
                        "--target",
                        "postgres",
                        "--pipeline",
                        "kafka-connect",
                        "--connector",
                        connector.toString(),
                        "--value-format",
                        "json-with-schema",
                        "--iterations",
                        "2",
                        "--iteration-time",
                        "5s")
                .build("unused.json");

        assertThat(json(RunSpecMapping.scenario(spec)).replace(connector.toString(), "CONNECTOR"))
                .isEqualTo(
                        "{'target':'postgres','pipeline':'kafka-connect','batchSize':50,'generators':1,'docSize':1250,"
                                + "'seed':1,'prefillEvents':0,'auditTimeout':'1m','batchSizes':[50],'collection':'rtbench_events',"
                                + "'connectTimeout':'10s','connector':'CONNECTOR','forks':1,'iterationTime':'5s','iterations':2,"
                                + "'notObservable':['kafkaHop','sinkWrite'],'probeInterval':'1s','probeTimeout':'5s',"
                                + "'rates':['1MB/s'],'retryTimeout':'2m','servers':'local','targetTimeout':'30s',"
                                + "'topic':'rtbench.events','valueFormat':'json-with-schema','warmup':'10s','warmupIterations':0,"
                                + "'workload':'ingest'}");
    }

    @Test
    void aDirectRunWithEveryDefault() throws JsonProcessingException {
        RunSpec spec = RunArgs.parse("run", "--pipeline", "direct", "--target", "reference")
                .build("unused.json");

        assertThat(json(RunSpecMapping.scenario(spec)))
                .isEqualTo("{'target':'reference','pipeline':'direct','batchSize':50,'generators':1,'docSize':1250,"
                        + "'seed':1,'prefillEvents':0,'auditTimeout':'1m','batchSizes':[50],'collection':'rtbench_events',"
                        + "'connectTimeout':'10s','duration':'1m','probeInterval':'1s','probeTimeout':'5s',"
                        + "'rates':['1MB/s'],'retryTimeout':'2m','servers':'local','targetTimeout':'30s',"
                        + "'valueFormat':'json','warmup':'10s','workload':'ingest'}");
    }

    /** The scenario as its result's JSON, with single quotes for the test's legibility. */
    private static String json(Scenario scenario) throws JsonProcessingException {
        return new ObjectMapper().writeValueAsString(scenario).replace('"', '\'');
    }
}
