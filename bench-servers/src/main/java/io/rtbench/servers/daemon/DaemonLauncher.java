package io.rtbench.servers.daemon;

import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.Servers;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Spawns a {@link ServerDaemon} JVM: the same Java and class path as this JVM, its console to {@code <kind>.out}, its
 * log to {@code <kind>.log}, working in the state dir.
 *
 * <p>The daemon is not tied to this JVM: nothing kills a child when its parent exits, its stdin is closed and its
 * output goes to files, so it outlives the command that started it and the terminal it ran in (it is not in the
 * terminal's foreground process group once the command has returned).
 */
final class DaemonLauncher {

    /** A class-path resource; Logback reads {@code logback.configurationFile} from the class path too. */
    static final String LOGBACK_CONFIG = "io/rtbench/servers/daemon/logback-daemon.xml";

    private final StateFiles files;
    private final Path javaHome;
    private final String classPath;
    private final String logDir;

    DaemonLauncher(StateFiles files) {
        this(
                files,
                Path.of(System.getProperty("java.home")),
                System.getProperty("java.class.path"),
                System.getProperty(Servers.LOG_DIR_PROPERTY));
    }

    /** @param logDir where the server a daemon starts logs, as this process's own servers would; null: the default */
    DaemonLauncher(StateFiles files, Path javaHome, String classPath, String logDir) {
        this.files = files;
        this.javaHome = javaHome;
        this.classPath = classPath;
        this.logDir = logDir;
    }

    Process spawn(DaemonName name, ServerConfig options) {
        files.createDir();
        ProcessBuilder builder = new ProcessBuilder(command(name, options))
                .directory(files.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(files.consoleFile(name).toFile());
        try {
            Process daemon = builder.start();
            daemon.getOutputStream().close();
            return daemon;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot start a JVM with " + builder.command().get(0), e);
        }
    }

    List<String> command(ServerKind kind, ServerConfig options) {
        return command(DaemonName.of(kind), options);
    }

    List<String> command(DaemonName name, ServerConfig options) {
        ServerKind kind = name.kind();
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin").resolve("java").toString());
        command.add(maxHeap(kind));
        command.add("-Dlogback.configurationFile=" + LOGBACK_CONFIG);
        command.add("-Drtbench.log.file=" + files.logFile(name));
        if (logDir != null) {
            command.add("-D" + Servers.LOG_DIR_PROPERTY + "=" + logDir);
        }
        command.add("-cp");
        command.add(absolute(classPath));
        command.add(ServerDaemon.class.getName());
        command.addAll(new DaemonArgs(files.dir(), name, options).toArgs());
        return command;
    }

    /** In-JVM servers get Kafka's own default heap; for child processes the daemon only holds a handle. */
    private static String maxHeap(ServerKind kind) {
        return kind.equals(ServerKind.KAFKA) || kind.equals(ServerKind.CONNECT) ? "-Xmx1g" : "-Xmx128m";
    }

    /**
     * The daemon runs in the state dir, so relative entries (as in {@code java -jar target/rtbench.jar}) are resolved
     * here; a jar's manifest Class-Path stays relative to the jar and keeps working.
     */
    static String absolute(String classPath) {
        return Arrays.stream(classPath.split(File.pathSeparator))
                .filter(entry -> !entry.isBlank())
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }
}
