package io.rtbench.servers.local;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;

/** Starts one kind of local server and waits until it accepts clients. */
public interface LocalServerFactory {

    RunningServer start(ServerConfig options);
}
