package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresFactoryTest {

    @TempDir
    Path temp;

    @Test
    void newestInstalledVersionWins() throws Exception {
        for (String version : new String[] {"9.6", "15", "16", "17"}) {
            Path bin = Files.createDirectories(temp.resolve(version).resolve("bin"));
            if (!version.equals("17")) { // 17 is a leftover without binaries
                Files.writeString(bin.resolve("initdb"), "");
                Files.setPosixFilePermissions(bin.resolve("initdb"), PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }

        assertThat(PostgresFactory.newestBinDir(temp)).contains(temp.resolve("16/bin"));
        assertThat(PostgresFactory.newestBinDir(temp.resolve("none"))).isEmpty();
    }

    @Test
    void serverListensOnLoopbackWithItsSocketInTheTempDir() {
        Path bin = Path.of("/usr/lib/postgresql/15/bin");

        assertThat(PostgresFactory.serverCommand(
                        bin, Path.of("/t/data"), 5433, Path.of("/t/socket"), Map.of("fsync", "off")))
                .containsExactly(
                        "/usr/lib/postgresql/15/bin/postgres",
                        "-D",
                        "/t/data",
                        "-p",
                        "5433",
                        "-c",
                        "listen_addresses=127.0.0.1",
                        "-c",
                        "unix_socket_directories=/t/socket",
                        "-c",
                        "fsync=off");
    }
}
