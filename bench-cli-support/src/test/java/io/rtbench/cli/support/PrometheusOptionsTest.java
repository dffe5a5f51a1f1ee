package io.rtbench.cli.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusOptionsTest {

    @Test
    void metricsListenOnLoopbackUnlessTheFlagOrTheEnvironmentSaysOtherwise() {
        assertThat(PrometheusOptions.host(null, Map.of())).isEqualTo("127.0.0.1");
        assertThat(PrometheusOptions.host(null, Map.of("RTBENCH_PROMETHEUS_HOST", " ")))
                .isEqualTo("127.0.0.1");
        assertThat(PrometheusOptions.host(null, Map.of("RTBENCH_PROMETHEUS_HOST", "0.0.0.0")))
                .isEqualTo("0.0.0.0");
        assertThat(PrometheusOptions.host("10.0.0.1", Map.of("RTBENCH_PROMETHEUS_HOST", "0.0.0.0")))
                .isEqualTo("10.0.0.1");
    }
}
