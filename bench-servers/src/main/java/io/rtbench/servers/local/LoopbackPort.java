package io.rtbench.servers.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Checks a requested port up front, so that a taken port fails in milliseconds with its number in the message. */
final class LoopbackPort {

    private LoopbackPort() {}

    static void requireFree(int port, String what) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "port " + port + " on 127.0.0.1 is in use; choose another port for " + what, e);
        }
    }
}
