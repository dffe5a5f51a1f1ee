package io.rtbench.servers.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DaemonLauncherTest {

    private final StateFiles files = new StateFiles(Path.of("/state"));

    @Test
    void daemonRunsThisJavaOnThisClassPathWithItsOwnLogFile() {
        DaemonLauncher launcher = new DaemonLauncher(files, Path.of("/jdk"), "/app/rtbench.jar");

        List<String> command = launcher.command(ServerKind.KAFKA, ServerOptions.onPort(9092));

        assertThat(command)
                .startsWith(Path.of("/jdk", "bin", "java").toString(), "-Xmx1g")
                .contains(
                        "-Dlogback.configurationFile=io/rtbench/servers/daemon/logback-daemon.xml",
                        "-Drtbench.log.file=" + Path.of("/state", "kafka.log"))
                .containsSubsequence("-cp", "/app/rtbench.jar", ServerDaemon.class.getName())
                .endsWith("--state-dir", Path.of("/state").toString(), "--kind", "kafka", "--port", "9092");
    }

    @Test
    void childProcessServersGetASmallHolderHeap() {
        DaemonLauncher launcher = new DaemonLauncher(files, Path.of("/jdk"), "/app/rtbench.jar");

        assertThat(launcher.command(ServerKind.fromCliName("opensearch"), ServerOptions.DEFAULT))
                .contains("-Xmx128m");
    }

    @Test
    void relativeClassPathEntriesBecomeAbsolute() {
        String relative = String.join(File.pathSeparator, "target/rtbench.jar", "", "/abs/lib.jar");

        assertThat(DaemonLauncher.absolute(relative).split(File.pathSeparator))
                .containsExactly(Path.of("target/rtbench.jar").toAbsolutePath().toString(), "/abs/lib.jar");
    }
}
