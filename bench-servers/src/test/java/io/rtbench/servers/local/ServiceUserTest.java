package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServiceUserTest {

    @Test
    void switchingUserExecsTheServerThroughSetpriv() {
        ServiceUser user = ServiceUser.switchingTo("rtbench", Path.of("/usr/bin/setpriv"));

        assertThat(user.switches()).isTrue();
        assertThat(user.command(List.of("/usr/lib/postgresql/15/bin/postgres", "-D", "/tmp/x")))
                .containsExactly(
                        "/usr/bin/setpriv",
                        "--reuid=rtbench",
                        "--regid=rtbench",
                        "--init-groups",
                        "--",
                        "/usr/lib/postgresql/15/bin/postgres",
                        "-D",
                        "/tmp/x");
        assertThat(user.environment(Path.of("/tmp/x")))
                .containsEntry("HOME", "/tmp/x")
                .containsEntry("USER", "rtbench");
    }

    @Test
    void currentUserRunsTheCommandAsItIs() {
        ServiceUser user = ServiceUser.current();

        assertThat(user.switches()).isFalse();
        assertThat(user.command(List.of("prometheus", "--version"))).containsExactly("prometheus", "--version");
        assertThat(user.environment(Path.of("/tmp/x"))).isEmpty();
    }
}
