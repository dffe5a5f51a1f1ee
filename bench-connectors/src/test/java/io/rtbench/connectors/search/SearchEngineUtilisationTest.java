package io.rtbench.connectors.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.utilisation.UtilisationSource.Reading;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SearchEngineUtilisationTest {

    private final SearchEngineUtilisation source =
            new SearchEngineUtilisation(TargetConfig.of("opensearch", URI.create("http://127.0.0.1:9200")));

    private static byte[] nodes(long cpuMillisA, long cpuMillisB) {
        return ("""
                {"nodes":{
                  "a":{"process":{"cpu":{"total_in_millis":%d}},"indices":{"store":{"size_in_bytes":1000}}},
                  "b":{"process":{"cpu":{"total_in_millis":%d}},"indices":{"store":{"size_in_bytes":24}}}}}
                """).formatted(cpuMillisA, cpuMillisB).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void sumsTheNodesCpuTimeOverWallTimeAndTheirStoreAndHasNoResidentMemory() {
        Reading first = source.reading(nodes(10_000, 5_000), 0);
        Reading second = source.reading(nodes(10_900, 5_600), 1_000_000_000L);

        assertThat(first).isEqualTo(new Reading(null, null, 1024L));
        assertThat(second.cpuPercent()).as("1.5 s of CPU in 1 s").isEqualTo(150.0);
        assertThat(second.rssBytes()).isNull();
        assertThat(source.name()).isEqualTo("api:opensearch");
    }

    @Test
    void aFilteredAnswerWithoutTheFiguresMeasuresNothing() {
        Reading reading = source.reading("{}".getBytes(StandardCharsets.UTF_8), 0);

        assertThat(reading).isEqualTo(Reading.NONE);
    }
}
