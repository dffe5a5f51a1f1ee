package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.servers.junit.SuiteOrder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ctrl-C at each moment of a run (docs/GUIDE.md, "Ctrl-C ends the run cleanly at any moment"): while its servers start, in the prefill, the
 * warmup, a measured phase, the audit and while the report is written. Each case is a real {@code rtbench} process sent
 * SIGINT, as a terminal's Ctrl-C does, once its output shows the moment began. It must end with exit 130 and one line
 * on stderr saying where it stopped and what it wrote, no stack trace, within {@link #PROMPT}; the finished steps in
 * its result file (none written when no step began), its own {@code java.io.tmpdir} empty (the servers' temp folders
 * deleted) and no process it started left running.
 */
@Order(SuiteOrder.LONGEST)
class InterruptedRunIT {

    private static final Logger LOG = LoggerFactory.getLogger(InterruptedRunIT.class);

    /**
     * From the signal to the exit. What is under way ends first: Kafka runs in rtbench's JVM and its start cannot be cut
     * short (16 s from the signal to the exit on the 2-core machine at a load of 14; 1-3 s for the other moments, 6-10 s
     * for the report and an audit behind a slow target); a hang, or a wait for a timeout of a minute, is what it guards.
     */
    private static final Duration PROMPT = Duration.ofSeconds(30);

    /** Until the moment begins: Kafka, then OpenSearch, start on a loaded machine (about a minute at worst seen). */
    private static final Duration REACH = Duration.ofSeconds(180);

    private static final int SIGINT_EXIT = 130;
    private static final long SIGINT_MASK = 1L << (2 - 1);

    @TempDir
    Path dir;

    static Stream<Arguments> moments() {
        String nothing = ": nothing measured, no result written";
        String starting = "stopped (Ctrl-C) while starting ";
        String noStep = "stopped (Ctrl-C) before a step finished; result (complete: false): ";
        return Stream.of(
                moment("starting Kafka", "run --target reference", "starting Kafka", -1, starting + "Kafka" + nothing),
                moment(
                        "starting OpenSearch",
                        "run --target opensearch",
                        "starting opensearch",
                        -1,
                        starting + "opensearch" + nothing),
                moment("prefill", "run --target reference --prefill 50000000", "prefill: ", 0, noStep),
                moment("warmup", "run --target reference --warmup 60s", "warmup 60s", 0, noStep),
                // step 2's measured phase: step 1 is finished and written, step 2 is not
                moment(
                        "measured phase",
                        "sweep --target reference --rates 500/s,600/s --warmup 0s --duration 5s",
                        "step 2 .* [1-4]s left",
                        1,
                        "stopped (Ctrl-C) after 1 step; result (complete: false): "),
                // a target slower than the rate (1,000 of 5,000 events/s): the audit waits for the backlog to land
                moment(
                        "audit",
                        "run --target reference --target-option write.limit=1000/s --rate 5000/s --warmup 0s"
                                + " --duration 3s",
                        "audit: waiting for every event to land",
                        0,
                        noStep),
                // the result is written and complete; the report (about 6 s of charts on a loaded machine) is finished
                moment(
                        "report",
                        "run --target reference --warmup 0s --duration 2s",
                        "^result: ",
                        1,
                        "stopped (Ctrl-C) after the run had ended; result: "));
    }

    /**
     * @param steps the steps the result file holds; -1: no result file
     * @param said what the one line on stderr says after {@code rtbench <command>: }
     */
    private static Arguments moment(String name, String args, String began, int steps, String said) {
        return Arguments.of(name, args, began, steps, said);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("moments")
    void ctrlCEndsTheRunPromptlyInOneLineAndLeavesNothingBehind(
            String name, String args, String began, int steps, String said) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path result = dir.resolve("result.json");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        List<String> command = new ArrayList<>(Arrays.asList(args.split(" ")));
        command.addAll(List.of("--prometheus-port", "0", "--result", result.toString()));
        Process run = RtbenchProcesses.start(
                List.of("-Djava.io.tmpdir=" + tmp, "-Drtbench.log.dir=" + dir.resolve("logs")), command, out, err);
        try {
            assertThat(ignored(run.pid()) & SIGINT_MASK)
                    .as("SIGINT is ignored in the test's JVM (Maven started in the background of a shell without job"
                            + " control?): Ctrl-C cannot be tried")
                    .isZero();
            Pattern moment = Pattern.compile(began, Pattern.MULTILINE);
            await().atMost(REACH)
                    .failFast("rtbench exited before " + name + "; stderr: " + read(err), () -> !run.isAlive())
                    .until(() -> moment.matcher(read(out)).find());
            long signalNanos = System.nanoTime();
            assertThat(new ProcessBuilder("kill", "-INT", Long.toString(run.pid()))
                            .start()
                            .waitFor())
                    .isZero();

            assertThat(run.waitFor(PROMPT.toSeconds(), TimeUnit.SECONDS))
                    .as("exits within %s of Ctrl-C at %s", PROMPT, name)
                    .isTrue();
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalNanos);
            LOG.info(
                    "Ctrl-C in the {}: exit {} after {} ms: {}",
                    name,
                    run.exitValue(),
                    tookMs,
                    read(err).strip());
            String command0 = command.get(0);
            assertThat(read(err).lines())
                    .as("stdout: %s", read(out))
                    .singleElement()
                    .asString()
                    .startsWith("rtbench " + command0 + ": " + said);
            assertThat(run.exitValue()).isEqualTo(SIGINT_EXIT);
            assertThat(read(out)).doesNotContain("\tat ", "Exception");
            try (Stream<Path> left = Files.list(tmp)) {
                assertThat(left).as("left in java.io.tmpdir").isEmpty();
            }
            assertThat(ProcessHandle.allProcesses()
                            .filter(process ->
                                    process.info().commandLine().orElse("").contains(tmp.toString()))
                            .map(process -> process.pid() + " "
                                    + process.info().commandLine().orElse("")))
                    .as("processes the run started, left running")
                    .isEmpty();
            if (steps < 0) {
                assertThat(result).doesNotExist();
            } else {
                RunResult written = ResultFiles.read(result);
                assertThat(written.steps()).hasSize(steps);
                assertThat(written.complete()).isEqualTo(name.equals("report"));
            }
        } finally {
            run.destroyForcibly();
        }
    }

    /** The signals process {@code pid} ignores, as the mask of /proc/PID/status ("SigIgn"). */
    private static long ignored(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(line -> line.startsWith("SigIgn:"))
                .mapToLong(line -> Long.parseUnsignedLong(
                        line.substring("SigIgn:".length()).strip(), 16))
                .findFirst()
                .orElse(0L);
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
