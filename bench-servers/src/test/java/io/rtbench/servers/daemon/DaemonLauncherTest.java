package io.rtbench.servers.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DaemonLauncherTest {

    private final StateFiles files = new StateFiles(Path.of("/state"));

    @Test
    void daemonRunsThisJavaOnThisClassPathWithItsOwnLogFile() {
        DaemonLauncher launcher = new DaemonLauncher(files, Path.of("/jdk"), "/app/rtbench.jar", null);

        List<String> command = launcher.command(ServerKind.KAFKA, ServerConfig.onPort(9092));

        assertThat(command)
                .startsWith(Path.of("/jdk", "bin", "java").toString(), "-Xmx1g")
                .contains(
                        "-Dlogback.configurationFile=io/rtbench/servers/daemon/logback-daemon.xml",
                        "-Drtbench.log.file=" + Path.of("/state", "kafka.log"))
                .containsSubsequence("-cp", "/app/rtbench.jar", ServerDaemon.class.getName())
                .endsWith("--state-dir", Path.of("/state").toString(), "--kind", "kafka", "--port", "9092");
    }

    /** A database the daemon starts logs where the command's own servers log (~/.rtbench/logs), not in /tmp. */
    @Test
    void theServerLogsWhereTheCommandsServersLog() {
        DaemonLauncher launcher =
                new DaemonLauncher(files, Path.of("/jdk"), "/app/rtbench.jar", "/home/u/.rtbench/logs");

        assertThat(launcher.command(ServerKind.fromCliName("clickhouse"), ServerConfig.DEFAULT))
                .contains("-Drtbench.log.dir=/home/u/.rtbench/logs");
        assertThat(new DaemonLauncher(files, Path.of("/jdk"), "/app/rtbench.jar", null)
                        .command(ServerKind.fromCliName("clickhouse"), ServerConfig.DEFAULT))
                .noneMatch(argument -> argument.startsWith("-Drtbench.log.dir"));
    }

    @Test
    void childProcessServersGetASmallHolderHeap() {
        DaemonLauncher launcher = new DaemonLauncher(files, Path.of("/jdk"), "/app/rtbench.jar", null);

        assertThat(launcher.command(ServerKind.fromCliName("opensearch"), ServerConfig.DEFAULT))
                .contains("-Xmx128m");
    }

    @Test
    void relativeClassPathEntriesBecomeAbsolute() {
        String relative = String.join(File.pathSeparator, "target/rtbench.jar", "", "/abs/lib.jar");

        assertThat(DaemonLauncher.absolute(relative).split(File.pathSeparator))
                .containsExactly(Path.of("target/rtbench.jar").toAbsolutePath().toString(), "/abs/lib.jar");
    }
}
