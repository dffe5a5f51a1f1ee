package io.rtbench.servers.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DaemonArgsTest {

    @Test
    void argumentsRoundTripIncludingSettingsWithEqualsSigns() {
        DaemonArgs request = new DaemonArgs(
                Path.of("/state"),
                ServerKind.CONNECT,
                new ServerConfig(8083, Map.of("bootstrap.servers", "127.0.0.1:9092", "consumer.override", "a=b,c=d")));

        assertThat(DaemonArgs.parse(request.toArgs().toArray(String[]::new))).isEqualTo(request);
    }

    @Test
    void portDefaultsToFree() {
        DaemonArgs request = DaemonArgs.parse(new String[] {"--state-dir", "/state", "--kind", "kafka"});

        assertThat(request.options()).isEqualTo(ServerConfig.DEFAULT);
    }

    @Test
    void badArgumentsAreNamed() {
        assertThatThrownBy(() -> DaemonArgs.parse(new String[] {"--kind", "kafka"}))
                .hasMessageContaining("--state-dir");
        assertThatThrownBy(() -> DaemonArgs.parse(new String[] {"--state-dir", "/s", "--kind", "kafak"}))
                .hasMessageContaining("unknown server 'kafak'");
        assertThatThrownBy(() -> DaemonArgs.parse(new String[] {"--state-dir", "/s", "--kind", "kafka", "--port"}))
                .hasMessage("--port needs a value");
        assertThatThrownBy(() -> DaemonArgs.parse(new String[] {"--state-dir", "/s", "--kind", "kafka", "--port", "x"}))
                .hasMessageContaining("--port needs a number");
        assertThatThrownBy(() -> DaemonArgs.parse(new String[] {"--state-dir", "/s", "--setting", "novalue"}))
                .hasMessageContaining("name=value");
    }
}
