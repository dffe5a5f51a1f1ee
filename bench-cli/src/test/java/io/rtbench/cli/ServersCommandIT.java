package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.ServerRecipes;
import io.rtbench.servers.daemon.ServerControl;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** {@code rtbench servers start} with ports it cannot have: one line, the right exit code, before any daemon starts. */
class ServersCommandIT {

    /** A daemon JVM alone takes longer to start than this; the answer must come before one is spawned. */
    private static final Duration AT_ONCE = Duration.ofSeconds(1);

    private record Outcome(int exit, String out, String err, Duration took) {}

    private static Outcome servers(Path stateDir, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine =
                CommandLines.commandLine(new ServersCommand(Map.of(ServerControl.STATE_DIR_ENV, stateDir.toString())));
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        long startNanos = System.nanoTime();
        int exit = commandLine.execute(args);
        return new Outcome(exit, out.toString(), err.toString(), Duration.ofNanos(System.nanoTime() - startNanos));
    }

    /** Every registered kind, a newly added one included. */
    static Stream<ServerKind> kinds() {
        return ServerRecipes.all().stream().map(ServerRecipe::kind);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aBusyPortIsOneLineAndExit1AtOnce(ServerKind kind, @TempDir Path stateDir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();

            Outcome outcome = servers(stateDir, "start", kind.cliName(), "--port", Integer.toString(port));

            assertThat(outcome.exit()).as(outcome.err()).isEqualTo(CommandLines.FAILURE);
            assertThat(outcome.err().lines()).as(outcome.err()).hasSize(1);
            assertThat(outcome.err().strip())
                    .isEqualTo("servers start: cannot start " + kind.cliName() + ": port " + port
                            + " on 127.0.0.1 is in use; choose another --port, or leave --port out for a free one");
            assertThat(outcome.out()).isEmpty();
            assertThat(outcome.took()).isLessThan(AT_ONCE);
            try (Stream<Path> files = Files.list(stateDir)) {
                assertThat(files).as("no daemon was spawned").isEmpty();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"70000", "-1"})
    void aPortOutOfRangeIsAUsageErrorNamingIt(String port, @TempDir Path stateDir) {
        Outcome outcome = servers(stateDir, "start", "kafka", "--port", port);

        assertThat(outcome.exit()).isEqualTo(CommandLines.USAGE);
        assertThat(outcome.err().strip())
                .isEqualTo("servers start: --port must be between 0 and 65535, got " + port + " (see --help)");
        assertThat(outcome.took()).isLessThan(AT_ONCE);
    }

    @Test
    void listIsStatus(@TempDir Path stateDir) {
        Outcome list = servers(stateDir, "list");

        assertThat(list.exit()).as(list.err()).isZero();
        assertThat(list.out()).isEqualTo("no server is running" + System.lineSeparator());
    }
}
