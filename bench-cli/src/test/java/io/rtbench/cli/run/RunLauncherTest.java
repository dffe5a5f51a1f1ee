package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RunLauncherTest {

    @Test
    void metricsListenOnLoopbackUnlessTheEnvironmentSaysOtherwise() {
        assertThat(RunLauncher.prometheusHost(Map.of())).isEqualTo("127.0.0.1");
        assertThat(RunLauncher.prometheusHost(Map.of("RTBENCH_PROMETHEUS_HOST", " ")))
                .isEqualTo("127.0.0.1");
        assertThat(RunLauncher.prometheusHost(Map.of("RTBENCH_PROMETHEUS_HOST", "0.0.0.0")))
                .isEqualTo("0.0.0.0");
    }
}
