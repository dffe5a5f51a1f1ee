package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.StepResult;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import picocli.CommandLine;

/**
 * The parts on their own (docs/GUIDE.md): {@code produce}, {@code bridge} and {@code evaluate --generators-from-topic}
 * against one real broker and the in-memory {@code reference} target, which the three share in this JVM. The
 * announcement topic keeps every earlier run's generators: the evaluation must audit only those that produced while it
 * ran, and give them their own rate. Before, it audited an earlier run's generators as well and divided every event
 * they ever landed by its own duration (in a manual run: 276,300 produced, 65,600 "lost" from other collections, and
 * 42,140 events/s, for a 5 s evaluation that saw no generator at all). An evaluation or a bridge that ran its course
 * without measuring anything fails with one line, rather than ending "done" with nothing in its result.
 */
@ExtendWith(ServersExtension.class)
class PartsOnTheirOwnIT {

    @TempDir
    Path dir;

    @Test
    void auditsOnlyTheGeneratorsThatProducedWhileItRanAndTheirRate(@RealServer("kafka") RunningServer kafka)
            throws Exception {
        String id = UUID.randomUUID().toString().substring(0, 8);
        String topic = "alone-" + id;
        String announce = "alone-generators-" + id;
        String target = "reference://alone-" + id;
        List<String> kafkaArgs = List.of("--bootstrap-servers", kafka.address(), "--topic", topic);

        // an earlier run on the same topics, over before the evaluation starts
        assertThat(execute(produce(kafkaArgs, announce, "200/s", "2s", dir.resolve("earlier.json"))))
                .isZero();

        // threads of their own: the common pool has one thread on a 2-core machine, and the two run side by side
        ExecutorService parts = Executors.newFixedThreadPool(2);
        CompletableFuture<Integer> evaluation = CompletableFuture.supplyAsync(
                () -> execute(evaluate(
                        kafkaArgs, target, "12s", dir.resolve("evaluated.json"), "--generators-from-topic", announce)),
                parts);
        CompletableFuture<Integer> bridge = CompletableFuture.supplyAsync(
                () -> execute(
                        args(kafkaArgs, "bridge", "--target", "reference", "--target-url", target, "--duration", "9s")),
                parts);
        TimeUnit.SECONDS.sleep(2);
        assertThat(execute(produce(kafkaArgs, announce, "500/s", "3s", dir.resolve("measured.json"))))
                .isZero();

        assertThat(bridge.get(60, TimeUnit.SECONDS)).isZero();
        assertThat(evaluation.get(60, TimeUnit.SECONDS)).isZero();
        parts.shutdown();
        StepResult produced =
                ResultFiles.read(dir.resolve("measured.json")).steps().get(0);
        StepResult evaluated =
                ResultFiles.read(dir.resolve("evaluated.json")).steps().get(0);
        assertThat(evaluated.events().produced())
                .as("this run's generators only, not the earlier run's 400 events")
                .isEqualTo(produced.events().produced());
        assertThat(evaluated.events().lost()).isZero();
        assertThat(evaluated.events().landed()).isEqualTo(produced.events().produced());
        assertThat(evaluated.rate().achievedEventsPerSec())
                .as("what landed over the time the generators produced, not over the evaluation's 12 s")
                .isCloseTo(500, within(100.0));
        assertThat(evaluated.latencyMs().get("data").count()).isPositive();
    }

    @Test
    void anEvaluationThatMeasuredNothingFailsWithOneLine(@RealServer("kafka") RunningServer kafka) {
        String id = UUID.randomUUID().toString().substring(0, 8);
        List<String> kafkaArgs = List.of("--bootstrap-servers", kafka.address(), "--topic", "nothing-" + id);
        StringWriter err = new StringWriter();

        int exit = execute(
                err,
                evaluate(
                        kafkaArgs,
                        "reference://nothing-" + id,
                        "2s",
                        dir.resolve("nothing.json"),
                        "--generators-from-topic",
                        "nothing-generators-" + id));

        assertThat(exit).isEqualTo(CommandLines.FAILURE);
        assertThat(err.toString().strip())
                .isEqualTo("rtbench evaluate: nothing measured: no generator to probe produced while it ran (none was"
                        + " announced on nothing-generators-" + id
                        + " that had not ended or gone silent before it started)");

        exit = execute(
                err = new StringWriter(),
                evaluate(
                        kafkaArgs,
                        "reference://nothing-" + id,
                        "2s",
                        dir.resolve("nothing-visible.json"),
                        "--generator-ids",
                        "999"));

        assertThat(exit).isEqualTo(CommandLines.FAILURE);
        assertThat(err.toString())
                .startsWith("rtbench evaluate: nothing measured: no probe found an event of its generator in reference"
                        + " rtbench_events")
                .contains("; check --target-url and --collection, and that a sink writes there");
    }

    /**
     * Generators given by id whose producer had ended: with Kafka at hand, their announcements say so, and they are not
     * probed. Before, their newest event was probed and its age, growing for as long as the evaluation ran, was taken
     * for data latency. Both on the default announcement topic and on one named with {@code --generators-from-topic}.
     */
    @Test
    @ResourceLock(Resources.SYSTEM_OUT) // reads what produce prints there
    void generatorsGivenByIdThatHadEndedAreNotProbed(@RealServer("kafka") RunningServer kafka) {
        String id = UUID.randomUUID().toString().substring(0, 8);
        List<String> kafkaArgs = List.of("--bootstrap-servers", kafka.address(), "--topic", "ended-" + id);
        for (String announce : List.of("rtbench.generators", "ended-generators-" + id)) {
            // the ids, as produce prints them above its status (on stdout)
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            PrintStream console = System.out;
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            try {
                assertThat(execute(produce(kafkaArgs, announce, "200/s", "1s", dir.resolve(announce + ".json"))))
                        .isZero();
            } finally {
                System.setOut(console);
            }
            String printedOut = stdout.toString(StandardCharsets.UTF_8);
            Matcher printed = Pattern.compile("generators ([0-9,]+) \\(announced on " + Pattern.quote(announce))
                    .matcher(printedOut);
            assertThat(printed.find()).as(printedOut).isTrue();
            String ids = printed.group(1);

            List<String> given = new ArrayList<>(List.of("--generator-ids", ids));
            if (!announce.equals("rtbench.generators")) {
                given.addAll(List.of("--generators-from-topic", announce));
            }
            StringWriter err = new StringWriter();
            int exit = execute(
                    err,
                    evaluate(
                            kafkaArgs,
                            "reference://ended-" + id,
                            "3s",
                            dir.resolve(id + ".json"),
                            given.toArray(String[]::new)));

            // "no probe found an event" would mean they were probed; the notes above the status name each of them
            assertThat(exit).isEqualTo(CommandLines.FAILURE);
            assertThat(err.toString().strip())
                    .isEqualTo("rtbench evaluate: nothing measured: "
                            + (given.size() == 2
                                    ? "no generator to probe: those of --generator-ids had ended or gone silent before"
                                            + " it started (their announcements on rtbench.generators say so)"
                                    : "no generator to probe produced while it ran (none was announced on " + announce
                                            + " that had not ended or gone silent before it started)"));
        }
    }

    @Test
    void aBridgeThatReceivedNothingFailsWithOneLine(@RealServer("kafka") RunningServer kafka) {
        String id = UUID.randomUUID().toString().substring(0, 8);
        StringWriter err = new StringWriter();

        int exit = execute(
                err,
                args(
                        List.of("--bootstrap-servers", kafka.address(), "--topic", "silent-" + id),
                        "bridge",
                        "--target",
                        "null",
                        "--target-url",
                        "null://silent-" + id,
                        "--duration",
                        "3s"));

        assertThat(exit).isEqualTo(CommandLines.FAILURE);
        assertThat(err.toString().strip())
                .isEqualTo("rtbench bridge: nothing bridged: no event arrived on topic silent-" + id + " in 3s; check"
                        + " --topic and --bootstrap-servers, and that a producer writes there (group"
                        + " rtbench-bridge-null-rtbench_events reads from its committed offset, a new group from the"
                        + " topic's start)");
    }

    /** {@code produce} at {@code rate} for {@code duration}, without warmup, announcing its generators. */
    private static String[] produce(List<String> kafka, String announce, String rate, String duration, Path result) {
        return args(
                kafka,
                "produce",
                "--announce-topic",
                announce,
                "--rate",
                rate,
                "--warmup",
                "0s",
                "--duration",
                duration,
                "--result",
                result.toString());
    }

    /** {@code evaluate} of the reference target at {@code url}, its generators named by {@code generators}. */
    private static String[] evaluate(
            List<String> kafka, String url, String duration, Path result, String... generators) {
        List<String> rest = new ArrayList<>(List.of("--target", "reference", "--target-url", url));
        rest.addAll(List.of(generators));
        rest.addAll(List.of("--duration", duration, "--result", result.toString()));
        return args(kafka, "evaluate", rest.toArray(String[]::new));
    }

    private static String[] args(List<String> kafka, String command, String... rest) {
        List<String> all = new ArrayList<>();
        all.add(command);
        all.addAll(kafka);
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    private static int execute(String... args) {
        return execute(new StringWriter(), args);
    }

    private static int execute(StringWriter err, String... args) {
        return execute(new StringWriter(), err, args);
    }

    private static int execute(StringWriter out, StringWriter err, String... args) {
        CommandLine command = CommandLines.commandLine(new RtbenchCommand());
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        int exit = command.execute(args);
        if (exit != 0) {
            System.err.println("rtbench " + String.join(" ", args) + " -> " + exit + ": " + err);
        }
        return exit;
    }
}
