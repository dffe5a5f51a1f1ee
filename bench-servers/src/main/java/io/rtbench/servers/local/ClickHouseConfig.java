package io.rtbench.servers.local;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The generated configuration of a local ClickHouse (docs/TARGETS.md): Debian's 18.16 reads a root element
 * {@code <yandex>} (newer releases accept it too). Only loopback, the given ports, every path inside the server's temp
 * dir, and a {@code default} user without password that may connect from loopback only.
 *
 * <p>Settings: {@code profile.NAME=VALUE} sets a query setting of the default profile (users.xml), e.g.
 * {@code profile.max_memory_usage}; any other dotted name sets that element of config.xml, e.g.
 * {@code logger.level=trace}.
 *
 * @param httpPort the client port (HTTP interface)
 * @param tcpPort the native protocol port, unused by rtbench but always opened by ClickHouse
 * @param dir the server's temp dir
 * @param logFile where the server logs
 */
record ClickHouseConfig(int httpPort, int tcpPort, Path dir, Path logFile, Map<String, String> settings) {

    static final String PROFILE_PREFIX = "profile.";

    ClickHouseConfig {
        settings = Map.copyOf(settings);
    }

    Path usersFile() {
        return dir.resolve("users.xml");
    }

    String serverXml() {
        XmlConfig config = new XmlConfig()
                .set("logger.level", "information")
                .set("logger.log", logFile.toString())
                // errors are in the main log too; a second file only keeps them apart
                .set("logger.errorlog", dir.resolve("clickhouse-server.err.log").toString())
                .set("logger.size", "100M")
                .set("logger.count", "1")
                .set("listen_host", "127.0.0.1")
                // A stop waits for idle keep-alive connections up to this long: Debian's 3 s, not 18.16's built-in 10
                // s.
                .set("keep_alive_timeout", "3")
                .set("http_port", Integer.toString(httpPort))
                .set("tcp_port", Integer.toString(tcpPort))
                // trailing slashes: ClickHouse concatenates these paths with file names
                .set("path", dir.resolve("data") + "/")
                .set("tmp_path", dir.resolve("tmp") + "/")
                .set("user_files_path", dir.resolve("user_files") + "/")
                .set("format_schema_path", dir.resolve("format_schemas") + "/")
                .set("users_config", usersFile().toString())
                .set("default_profile", "default")
                .set("default_database", "default")
                // 18.16 refuses to start without it; Debian's own value, allocated on demand
                .set("mark_cache_size", "5368709120")
                // results must not depend on the host's time zone
                .set("timezone", "UTC");
        settings.forEach((name, value) -> {
            if (!name.startsWith(PROFILE_PREFIX)) {
                config.set(name, value);
            }
        });
        return config.toXml("yandex");
    }

    String usersXml() {
        XmlConfig users = new XmlConfig()
                .set("profiles.default", Map.of())
                .set("users.default.password", "")
                .set("users.default.networks.ip", List.of("127.0.0.1", "::1"))
                .set("users.default.profile", "default")
                .set("users.default.quota", "default")
                .set("quotas.default", Map.of());
        settings.forEach((name, value) -> {
            if (name.startsWith(PROFILE_PREFIX)) {
                users.set("profiles.default." + name.substring(PROFILE_PREFIX.length()), value);
            }
        });
        return users.toXml("yandex");
    }
}
