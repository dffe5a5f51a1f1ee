package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** Which addresses given to {@code --servers external} may be a background server of this host's. */
class RunServersTest {

    @Test
    void anAddressOnTheLoopbackInterfaceIsThisHostsByItsPort() {
        assertThat(RunServers.loopbackPort(URI.create("http://127.0.0.1:8123"))).hasValue(8123);
        assertThat(RunServers.loopbackPort(URI.create("http://localhost:9200"))).hasValue(9200);
        assertThat(RunServers.loopbackPort(URI.create("postgresql://rtbench@127.0.0.1:5432/rtbench")))
                .hasValue(5432);
        assertThat(RunServers.loopbackPort(URI.create("kafka://127.0.0.1:9092")))
                .hasValue(9092);
        assertThat(RunServers.loopbackPort(URI.create("http://[::1]:8123"))).hasValue(8123);
    }

    @Test
    void anotherHostOrAnAddressWithoutAPortIsNot() {
        assertThat(RunServers.loopbackPort(URI.create("http://10.0.0.5:8123"))).isEmpty();
        assertThat(RunServers.loopbackPort(URI.create("http://db.example.com:8123")))
                .isEmpty();
        assertThat(RunServers.loopbackPort(URI.create("http://127.0.0.1"))).isEmpty();
        assertThat(RunServers.loopbackPort(URI.create("reference://events"))).isEmpty();
    }
}
