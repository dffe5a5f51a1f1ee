package io.rtbench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code rtbench ARGS} in a JVM of its own with the test's class path, as another host would run it. */
public final class RtbenchProcesses {

    /**
     * The lock ({@code @ResourceLock}) of the test classes whose {@code rtbench worker} processes wait for runs on the
     * shared Kafka: a worker claims any run announced on its control topic, so two such classes running at once would
     * take each other's runs.
     */
    public static final String WORKERS_ON_THE_SHARED_KAFKA = "rtbench worker processes on the shared Kafka";

    private RtbenchProcesses() {}

    /** Starts {@code rtbench ARGS}; its output (stdout and stderr) goes to {@code log}. */
    public static Process start(List<String> args, Path log) throws IOException {
        return builder(List.of(), args)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    /**
     * Starts {@code rtbench ARGS} in a JVM with {@code jvmOptions} too (e.g. its own {@code java.io.tmpdir}); stdout goes
     * to {@code out}, stderr to {@code err}.
     */
    public static Process start(List<String> jvmOptions, List<String> args, Path out, Path err) throws IOException {
        return builder(jvmOptions, args)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
    }

    private static ProcessBuilder builder(List<String> jvmOptions, List<String> args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                // C1 only: a test's worker or coordinator lives seconds to a minute at a few hundred events/s, which
                // C2's compiling would cost more CPU than it saves; the tests running beside it get that CPU
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path")));
        String logback = System.getProperty("logback.configurationFile");
        if (logback != null) {
            command.add(1, "-Dlogback.configurationFile=" + logback);
        }
        if (Runtime.version().feature() >= 24) {
            // as the launcher script: Kafka's clients use sun.misc.Unsafe, which JDK 24+ warns about on stderr
            command.add(1, "--sun-misc-unsafe-memory-access=allow");
        }
        command.addAll(1, jvmOptions);
        command.add(RtbenchMain.class.getName());
        command.addAll(args);
        return new ProcessBuilder(command);
    }
}
