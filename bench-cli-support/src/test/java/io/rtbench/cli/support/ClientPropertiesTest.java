package io.rtbench.cli.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientPropertiesTest {

    @TempDir
    Path dir;

    @Test
    void theFilesClientSettingsAreRead() throws IOException {
        Path file = Files.writeString(dir.resolve("tls.properties"), "security.protocol=SSL\nacks=1\n");

        assertThat(ClientProperties.read(file, "--kafka-config"))
                .isEqualTo(Map.of("security.protocol", "SSL", "acks", "1"));
        assertThat(ClientProperties.read(null, "--kafka-config")).isEmpty();
    }

    @Test
    void brokersInTheFileAreRefusedRatherThanSilentlyReplaced() throws IOException {
        Path file = Files.writeString(dir.resolve("k.properties"), "bootstrap.servers=kafka-1:9092\n");

        assertThatThrownBy(() -> ClientProperties.read(file, "--kafka-config"))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith("--kafka-config: " + file + " sets bootstrap.servers; give the brokers with"
                        + " --bootstrap-servers");
    }

    @Test
    void aFileThatCannotBeReadIsNamed() {
        assertThatThrownBy(() -> ClientProperties.read(dir.resolve("none.properties"), "--kafka-config"))
                .hasMessageContaining("--kafka-config: cannot read")
                .hasMessageContaining("no such file");
    }
}
