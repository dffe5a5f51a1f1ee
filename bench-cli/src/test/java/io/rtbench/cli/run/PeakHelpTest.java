package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code peak} chooses its own rates: its help does not offer the run options' rates, and giving one is explained. */
class PeakHelpTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int execute(String... args) {
        CommandLine command = CommandLines.commandLine(new RtbenchCommand());
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        return command.execute(args);
    }

    @Test
    void helpOffersTheStartRateAndNotTheRatesPeakRefuses() {
        assertThat(execute("peak", "--help")).isEqualTo(CommandLines.OK);

        assertThat(out.toString())
                .contains("--start-rate=RATE")
                .contains("--growth=FACTOR")
                .doesNotContain("--rates")
                .doesNotContain("--rate=");
    }

    @Test
    void aHiddenRateIsStillRefusedWithItsReason() {
        assertThat(execute("peak", "--rate", "2MB")).isEqualTo(CommandLines.USAGE);

        assertThat(err.toString())
                .contains("peak chooses its own rates: give --start-rate")
                .contains("not --rate");
    }

    @Test
    void runStillOffersTheRates() {
        assertThat(execute("run", "--help")).isEqualTo(CommandLines.OK);

        assertThat(out.toString()).contains("--rates=RATE").contains("--rate=RATE");
    }
}
