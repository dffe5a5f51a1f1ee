package io.rtbench.producer;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** Bad input: exit 2 and one line naming the option (docs/GUIDE.md), before anything connects. */
class ProduceCommandTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--rate 20XB | --rate",
                "--rate -5MB | --rate",
                "--batch-size 0 | --batch-size",
                "--batch-size -3 | --batch-size",
                "--generators 0 | --generators",
                "--doc-size 10 | --doc-size",
                "--duration 0s | --duration",
                "--duration soon | --duration",
                "--prefill -1 | --prefill",
                "--bogus 1 | unknown option --bogus",
                "--sink opensearch | --target-url",
                "--key nonsense | --key",
                "--value-format xml | --value-format",
            })
    void badInputIsOneLineAndExitTwo(String args, String named) {
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.commandLine(new ProduceCommand());
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));
        String[] argv = ("--bootstrap-servers 127.0.0.1:9 " + args).split(" ");

        assertThat(cmd.execute(argv)).isEqualTo(CommandLines.USAGE);
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(err.toString()).contains(named).startsWith("produce: ");
    }

    @Test
    void idempotenceAskedForWithAcksOneIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("producer.properties"), "acks=1\nenable.idempotence=true\n");
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.commandLine(new ProduceCommand());
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));

        int exit = cmd.execute("--bootstrap-servers", "127.0.0.1:9", "--producer-config", config.toString());

        assertThat(exit).isEqualTo(CommandLines.USAGE);
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(err.toString())
                .startsWith("produce: the Kafka client settings set enable.idempotence=true and acks=1")
                .contains("set acks=all");
    }

    @ParameterizedTest
    @CsvSource({"'',JSON", "--value-format json,JSON", "--value-format json-with-schema,JSON_WITH_SCHEMA"})
    void theValueFormatReachesTheKafkaDestination(String args, KafkaDestination.ValueFormat expected) {
        ProduceCommand command = new ProduceCommand();
        CommandLine cmd = CommandLines.commandLine(command);
        String[] argv = ("--bootstrap-servers 127.0.0.1:9 " + args).trim().split(" ");

        cmd.parseArgs(argv);

        assertThat(command.settings().kafka().valueFormat()).isEqualTo(expected);
    }
}
