package io.rtbench.servers.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Ports for servers the local provider starts. */
public final class FreePorts {

    private FreePorts() {}

    /** The requested port, or a free port on 127.0.0.1 when {@code requested} is 0. */
    public static int orFree(int requested) {
        return requested != 0 ? requested : free();
    }

    /**
     * A port that was free on 127.0.0.1 a moment ago. Another process may take it before the server binds it; servers
     * report a bind failure clearly, and the window is small.
     */
    public static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }
}
