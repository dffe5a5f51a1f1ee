package io.rtbench.servers.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalProviderOnlyConditionTest {

    @Test
    void runsWithTheLocalProviderAndSaysWhyNotWithDocker() {
        assertThat(LocalProviderOnlyCondition.evaluate(Map.of(), "pids").isDisabled())
                .isFalse();
        assertThat(LocalProviderOnlyCondition.evaluate(Map.of("RTBENCH_SERVERS", "local"), "pids")
                        .isDisabled())
                .isFalse();
        var docker = LocalProviderOnlyCondition.evaluate(Map.of("RTBENCH_SERVERS", "docker"), "pids");
        assertThat(docker.isDisabled()).isTrue();
        assertThat(docker.getReason()).hasValue("local provider only (RTBENCH_SERVERS=docker): pids");
    }
}
