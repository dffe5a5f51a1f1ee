package io.rtbench.producer;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.servers.local.FreePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ProduceCommandIT {

    @Test
    void anUnreachableBrokerFailsWithinTheTimeoutInOneLine() {
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.commandLine(new ProduceCommand());
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));
        int closedPort = FreePorts.free();

        long start = System.nanoTime();
        int exit = cmd.execute(
                "--bootstrap-servers", "127.0.0.1:" + closedPort, "--connect-timeout", "2s", "--duration", "5s");
        double seconds = (System.nanoTime() - start) / 1e9;

        assertThat(exit).isEqualTo(CommandLines.FAILURE);
        assertThat(seconds).isLessThan(6);
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(err.toString())
                .startsWith("produce: cannot reach Kafka at 127.0.0.1:" + closedPort + " within 2 s")
                .contains("--bootstrap-servers");
    }
}
