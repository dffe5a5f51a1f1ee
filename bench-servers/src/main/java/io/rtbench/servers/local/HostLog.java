package io.rtbench.servers.local;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import java.nio.file.Path;
import java.util.Iterator;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/**
 * Where an in-JVM server's logs go: Kafka and Connect log through SLF4J, so into the host JVM's log (a file in tests,
 * the CLI and the server daemon).
 */
final class HostLog {

    /** Set by hosts whose logging is not Logback, to name their log file. */
    static final String LOG_FILE_PROPERTY = "rtbench.log.file";

    private HostLog() {}

    static Path file() {
        try {
            ILoggerFactory factory = LoggerFactory.getILoggerFactory();
            if (factory instanceof LoggerContext context) {
                Path file = rootFileAppender(context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME));
                if (file != null) {
                    return file;
                }
            }
        } catch (LinkageError e) {
            // Logback is an optional dependency: a host with another SLF4J backend names its file by property.
        }
        String named = System.getProperty(LOG_FILE_PROPERTY);
        // "-" as in many tools: no file known, the host's logging decides where the lines go.
        return named != null ? Path.of(named).toAbsolutePath() : Path.of("-");
    }

    private static Path rootFileAppender(Logger root) {
        for (Iterator<Appender<ch.qos.logback.classic.spi.ILoggingEvent>> it = root.iteratorForAppenders();
                it.hasNext(); ) {
            if (it.next() instanceof FileAppender<?> appender && appender.getFile() != null) {
                return Path.of(appender.getFile()).toAbsolutePath();
            }
        }
        return null;
    }
}
