package io.rtbench.cli.support;

import java.nio.file.Path;

/**
 * Where an rtbench process logs: {@code $RTBENCH_LOG_DIR/<process>.log}, by default {@code ~/.rtbench/logs}. Logs never
 * go to the console, which belongs to the one-line errors and the status line; Kafka clients in particular log
 * connection retries at WARN and would drown both.
 */
public final class LogFiles {

    static final String DIR_PROPERTY = "rtbench.log.dir";
    static final String NAME_PROPERTY = "rtbench.log.name";

    private LogFiles() {}

    /** Must run before the first logger is created (logback reads the properties when it initializes). */
    static void configure(String processName) {
        if (System.getProperty(DIR_PROPERTY) == null) {
            System.setProperty(DIR_PROPERTY, directory().toString());
        }
        if (System.getProperty(NAME_PROPERTY) == null) {
            System.setProperty(NAME_PROPERTY, processName);
        }
    }

    /** The log directory: {@code RTBENCH_LOG_DIR} or {@code ~/.rtbench/logs}. */
    public static Path directory() {
        String configured = System.getProperty(DIR_PROPERTY, System.getenv("RTBENCH_LOG_DIR"));
        return configured != null && !configured.isBlank()
                ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".rtbench", "logs");
    }

    /** This process's log file. */
    public static Path current() {
        return directory().resolve(System.getProperty(NAME_PROPERTY, "rtbench") + ".log");
    }
}
