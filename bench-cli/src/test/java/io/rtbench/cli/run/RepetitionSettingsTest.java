package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.engine.Repetitions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RepetitionSettingsTest {

    @TempDir
    Path dir;

    @Test
    void theDefaultsMakeOneForkOfOneIterationAsBefore() {
        RunSpec spec = resolve("run");

        assertThat(spec.repetitions().repetitions()).isEqualTo(Repetitions.NONE);
        assertThat(spec.forFork(1)).isSameAs(spec);
        assertThat(RunSpecMapping.scenario(spec).settings()).doesNotContainKey("forks");
    }

    @Test
    void flagsOverrideTheScenarioFile() throws IOException {
        Path scenario = Files.writeString(
                dir.resolve("s.yaml"), "forks: 5\niterations: 4\niterationTime: 10s\nwarmupIterations: 2\n");

        RunSpec spec = resolve("sweep", scenario.toString(), "--rates", "1MB", "--forks", "3", "--fork-servers");

        assertThat(spec.repetitions().repetitions()).isEqualTo(new Repetitions(3, 4, Duration.ofSeconds(10), 2));
        assertThat(spec.repetitions().forkServers()).isTrue();
        assertThat(RunSpecMapping.scenario(spec).settings())
                .containsEntry("forks", 3)
                .containsEntry("iterationTime", "10s")
                .containsEntry("forkServers", true);
    }

    @Test
    void eachForkHasItsOwnCollectionAndTopic() {
        RunSpec spec = resolve("peak", "--forks", "2", "--collection", "c", "--topic", "t");

        RunSpec second = spec.forFork(2);

        assertThat(second.target().collection()).isEqualTo("c_fork2");
        assertThat(second.kafka().topic()).isEqualTo("t.fork2");
        assertThat(spec.forFork(1).target().collection()).isEqualTo("c_fork1");
    }

    @Test
    void calibrateTakesTheFlagsToo() {
        CalibrateCommand calibrate = new CalibrateCommand();
        CommandLines.commandLine(calibrate).parseArgs("--forks", "4", "--iterations", "2", "--iteration-time", "3s");

        assertThat(calibrate.repetitions.forks()).isEqualTo(4);
        assertThat(calibrate.repetitions.iterationTime()).isEqualTo(Duration.ofSeconds(3));
        assertThat(calibrate.repetitions.warmupIterations()).isZero();
    }

    @Test
    void zeroForksOrANegativeWarmupIsAUsageErrorNamingTheFlag() {
        assertThat(usageError("--forks", "0")).contains("--forks must be at least 1");
        assertThat(usageError("--warmup-iterations", "-1")).contains("--warmup-iterations must be at least 0");
        assertThat(usageError("--iteration-time", "0s")).contains("--iteration-time must be positive");
    }

    private static RunSpec resolve(String command, String... args) {
        return RunArgs.parse(command, args).build("unused.json");
    }

    /** Runs {@code rtbench run} with the flags and returns what it printed; it must stop before starting anything. */
    private static String usageError(String... args) {
        StringWriter err = new StringWriter();
        CommandLine line = CommandLines.commandLine(new RtbenchCommand());
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(new StringWriter(), true));
        String[] all = new String[args.length + 1];
        all[0] = "run";
        System.arraycopy(args, 0, all, 1, args.length);
        assertThat(line.execute(all)).isEqualTo(CommandLines.USAGE);
        return err.toString();
    }
}
