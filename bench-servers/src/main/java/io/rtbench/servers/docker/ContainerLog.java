package io.rtbench.servers.docker;

import io.rtbench.servers.ServerKind;
import io.rtbench.servers.Servers;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.function.Consumer;
import org.testcontainers.containers.output.OutputFrame;

/**
 * A container's stdout and stderr, appended to a file that outlives the container: under the system property
 * {@code rtbench.log.dir} when set (as the local provider's logs), else in the temp dir.
 */
final class ContainerLog implements Consumer<OutputFrame>, AutoCloseable {

    private final Path file;
    private final OutputStream out;

    private ContainerLog(Path file) throws IOException {
        this.file = file;
        this.out = Files.newOutputStream(file);
    }

    static ContainerLog create(ServerKind kind) {
        String dir = System.getProperty(Servers.LOG_DIR_PROPERTY, System.getProperty("java.io.tmpdir"));
        try {
            Path logDir = Files.createDirectories(Path.of(dir));
            String name = "docker-" + kind.cliName() + "-"
                    + UUID.randomUUID().toString().substring(0, 8) + ".log";
            return new ContainerLog(logDir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a log file in " + dir, e);
        }
    }

    Path file() {
        return file;
    }

    @Override
    public synchronized void accept(OutputFrame frame) {
        byte[] bytes = frame.getBytes();
        if (bytes == null) {
            return;
        }
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            // The log is for a look after a failure; losing it must not fail the server.
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            // as above
        }
    }
}
