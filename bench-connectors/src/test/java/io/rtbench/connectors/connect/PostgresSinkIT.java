package io.rtbench.connectors.connect;

import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.testing.PostgresJdbc;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;

/** Also the credentials path: the task reads the user from a credentials file, never from the connector config. */
class PostgresSinkIT extends RtbenchSinkIT {

    /** The local provider's cluster trusts this user on loopback. */
    private static final String USER = "rtbench";

    private RunningServer server;
    private Path credentials;

    @BeforeAll
    void server(@RealServer("postgres") RunningServer server) throws Exception {
        this.server = server;
        this.credentials = Files.writeString(Files.createTempFile("rtbench-pg", ".properties"), "user=" + USER + "\n");
        credentials.toFile().deleteOnExit();
    }

    @Override
    TargetConfig target(String collection) {
        return new TargetConfig(
                "postgres",
                // the local server's address carries the user, which a connector config must not: it is in the file
                URI.create(server.address().replace(USER + "@", "")),
                collection,
                new Credentials(USER, null, null),
                Duration.ofSeconds(10),
                Map.of());
    }

    @Override
    Map<String, String> extraSettings() {
        return Map.of(RtbenchSinkConfig.CREDENTIALS_FILE, credentials.toString());
    }

    @Override
    void dropCollection(String table) throws Exception {
        Properties user = new Properties();
        user.setProperty("user", USER);
        try (Connection connection = new org.postgresql.Driver().connect(PostgresJdbc.url(server), user);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS \"" + table + "\"");
        }
    }
}
