package io.rtbench.servers.local;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ServersExtension.class)
@LocalProviderOnly("the local child process, its service user and arguments; DockerServersIT covers the container")
class OpenSearchIT extends SearchEngineContract {

    @BeforeEach
    void server(@RealServer("opensearch") RunningServer opensearch) {
        server = opensearch;
    }

    @Override
    String distributionName() {
        return "opensearch";
    }
}
