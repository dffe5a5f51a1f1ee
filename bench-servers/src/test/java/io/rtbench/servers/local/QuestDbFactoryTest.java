package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerUnavailableException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuestDbFactoryTest {

    @TempDir
    Path temp;

    @Test
    void aMissingJarSaysHowToGetIt() {
        Distribution missing = new Distribution("questdb", "9.3.4", temp.resolve("nowhere/questdb-9.3.4.jar"));

        assertThatThrownBy(() -> new QuestDbFactory(missing).start(ServerConfig.DEFAULT))
                .isInstanceOf(ServerUnavailableException.class)
                .hasMessageContaining("QuestDB 9.3.4 jar is missing")
                .hasMessageContaining("nowhere/questdb-9.3.4.jar")
                .hasMessageContaining("./mvnw");
    }

    @Test
    void theBuildRecordedTheJar() {
        Distribution jar = Distribution.recorded("questdb", "jar");

        assertThat(jar.version()).startsWith("9.");
        assertThat(jar.zip()).isAbsolute().hasFileName("questdb-" + jar.version() + ".jar");
    }

    @Test
    void theVersionComesFromTheSettingsTheWebConsoleReads() {
        String answer = "{\"config\":{\"release.type\":\"OSS\",\"release.version\":\"9.3.4\","
                + "\"http.settings.readonly\":false},\"preferences.version\":0,\"preferences\":{}}";

        assertThat(QuestDbFactory.version(answer)).isEqualTo("9.3.4");
        assertThat(QuestDbFactory.version(" something else \n")).isEqualTo("something else");
    }

    @Test
    void serverConfListensOnLoopbackOnlyAndSettingsWin() {
        QuestDbConfig config =
                new QuestDbConfig(9123, temp.resolve("root"), temp.resolve("tmp"), Map.of("pg.enabled", "true"));

        assertThat(config.serverConf())
                .contains("http.net.bind.to=127.0.0.1:9123\n")
                .contains("line.tcp.enabled=false\n")
                .contains("line.auto.create.new.tables=false\n")
                .contains("telemetry.enabled=false\n")
                .contains("pg.enabled=true\n")
                .doesNotContain("pg.enabled=false");
        assertThat(config.command(Path.of("/jdk/bin/java"), Path.of("/m2/questdb.jar")))
                .startsWith("/jdk/bin/java")
                .contains("-Djava.io.tmpdir=" + temp.resolve("tmp"))
                .endsWith(
                        "-cp",
                        "/m2/questdb.jar",
                        "io.questdb.ServerMain",
                        "-d",
                        temp.resolve("root").toString());
    }
}
