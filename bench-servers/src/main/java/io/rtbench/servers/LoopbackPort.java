package io.rtbench.servers;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Optional;

/**
 * Checks a requested client port up front, so that a taken port fails in milliseconds with its number in the message
 * instead of after a server (or a daemon JVM) has been started only to fail on its bind.
 */
public final class LoopbackPort {

    private LoopbackPort() {}

    /**
     * Why {@code port} cannot be bound on 127.0.0.1 now, e.g. {@code port 9092 on 127.0.0.1 is in use} (also when a
     * server listens on all interfaces); empty when it can.
     */
    public static Optional<String> problem(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return Optional.empty();
        } catch (IOException e) {
            String reason = String.valueOf(e.getMessage());
            return Optional.of("port " + port + " on 127.0.0.1 "
                    + (reason.contains("in use") ? "is in use" : "cannot be bound (" + reason + ")"));
        }
    }

    /** @throws IllegalArgumentException naming the port and {@code kind} when {@link #problem} finds one */
    public static void requireFree(int port, ServerKind kind) {
        problem(port).ifPresent(problem -> {
            throw new IllegalArgumentException(problem + "; choose another port for " + kind.cliName());
        });
    }
}
