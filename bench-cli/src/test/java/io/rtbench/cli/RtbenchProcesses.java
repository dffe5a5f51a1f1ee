package io.rtbench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code rtbench ARGS} in a JVM of its own with the test's class path, as another host would run it. */
public final class RtbenchProcesses {

    private RtbenchProcesses() {}

    /** Starts {@code rtbench ARGS}; its output (stdout and stderr) goes to {@code log}. */
    public static Process start(List<String> args, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path")));
        String logback = System.getProperty("logback.configurationFile");
        if (logback != null) {
            command.add(1, "-Dlogback.configurationFile=" + logback);
        }
        command.add(RtbenchMain.class.getName());
        command.addAll(args);
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }
}
