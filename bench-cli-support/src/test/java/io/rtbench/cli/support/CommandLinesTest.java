package io.rtbench.cli.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.BenchmarkException;
import io.rtbench.core.pacing.Rate;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class CommandLinesTest {

    @Command(name = "demo", mixinStandardHelpOptions = true)
    static class Demo implements Callable<Integer> {
        @Option(names = "--rate", converter = Converters.RateConverter.class)
        Rate rate;

        @Option(names = "--fail")
        String fail;

        @Option(names = "--count")
        int count;

        @Option(names = "--events")
        Long events;

        @Override
        public Integer call() {
            if ("usage".equals(fail)) {
                throw new UsageException("--fail usage: contradicts --rate");
            }
            if ("runtime".equals(fail)) {
                throw new BenchmarkException("cannot reach Kafka at 127.0.0.1:1 within 5s");
            }
            if ("bug".equals(fail)) {
                throw new IllegalStateException("boom", new NullPointerException());
            }
            return CommandLines.OK;
        }
    }

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = CommandLines.commandLine(new Demo());
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));
        return cmd.execute(args);
    }

    private String[] errLines() {
        return err.toString().lines().toArray(String[]::new);
    }

    @Test
    void aBadRateIsOneLineNamingTheOptionAndTheForms() {
        assertThat(run("--rate", "20XB")).isEqualTo(CommandLines.USAGE);
        assertThat(errLines()).hasSize(1);
        assertThat(errLines()[0])
                .contains("--rate")
                .contains("20XB")
                .contains("8000/s")
                .contains("max");
    }

    @Test
    void anUnknownOptionIsOneLine() {
        assertThat(run("--bogus", "1")).isEqualTo(CommandLines.USAGE);
        assertThat(errLines()).hasSize(1);
        assertThat(errLines()[0]).isEqualTo("demo: unknown option --bogus (see --help)");
    }

    @Test
    void usageAndRuntimeFailuresHaveTheirExitCodes() {
        assertThat(run("--fail", "usage")).isEqualTo(CommandLines.USAGE);
        assertThat(run("--fail", "runtime")).isEqualTo(CommandLines.FAILURE);
        assertThat(errLines()).hasSize(2);
        assertThat(errLines()[1]).isEqualTo("demo: cannot reach Kafka at 127.0.0.1:1 within 5s");
    }

    @Test
    void anUnexpectedExceptionIsOneLinePointingAtTheLog() {
        assertThat(run("--fail", "bug")).isEqualTo(CommandLines.FAILURE);
        assertThat(errLines()).hasSize(1);
        assertThat(errLines()[0]).startsWith("demo: boom: NullPointerException (details in ");
        assertThat(err.toString()).doesNotContain("\tat ");
    }

    @Test
    void aNumberThatIsNotWholeSaysSoInTheUsersWords() {
        assertThat(run("--count", "1.5")).isEqualTo(CommandLines.USAGE);
        assertThat(run("--events", "abc")).isEqualTo(CommandLines.USAGE);
        assertThat(run("--count", "3000000000")).isEqualTo(CommandLines.USAGE);
        assertThat(errLines())
                .containsExactly(
                        "demo: --count: '1.5' is not a whole number (see --help)",
                        "demo: --events: 'abc' is not a whole number (see --help)",
                        "demo: --count: '3000000000' is out of range (at most ±2,147,483,647) (see --help)");
    }

    @Test
    void wholeNumbersStillParse() {
        assertThat(run("--count", " 42", "--events", "-7")).isEqualTo(CommandLines.OK);
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void successIsZero() {
        assertThat(run("--rate", "8000/s")).isEqualTo(CommandLines.OK);
        assertThat(err.toString()).isEmpty();
    }
}
