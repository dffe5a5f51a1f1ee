package io.rtbench.servers.daemon;

import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.nio.file.Path;

/**
 * Stands in for {@code rtbench servers start KIND --port P} in {@link ServerControlIT}: a short-lived JVM that starts
 * a background server, prints its address and exits, so the test can check the server outlives it.
 */
public final class StartInBackground {

    private StartInBackground() {}

    public static void main(String[] args) {
        ServerState state = new ServerControl(Path.of(args[0]))
                .start(ServerKind.fromCliName(args[1]), ServerConfig.onPort(Integer.parseInt(args[2])));
        System.out.println(state.address());
    }
}
