package io.rtbench.servers.local;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The configuration of a local QuestDB (docs/TARGETS.md): {@code conf/server.conf} in the server's root dir, and the
 * child JVM's command line. Only the HTTP endpoint (SQL at {@code /exec}, the InfluxDB line protocol at {@code /write},
 * the web console) listens, on 127.0.0.1; the PostgreSQL wire protocol, ILP over TCP and UDP, the health-check server
 * and telemetry are off. ILP may not create tables or columns: a write to a table that {@code ensureCollection} did not
 * create fails instead of creating one with QuestDB's default schema (no deduplication).
 *
 * <p>Settings: each {@code NAME=VALUE} becomes a line of {@code server.conf} and wins over the defaults here, e.g.
 * {@code pg.enabled=true} with {@code pg.net.bind.to=127.0.0.1:8812} to open the PostgreSQL wire protocol.
 *
 * @param httpPort the client port
 * @param root the server's root dir ({@code ServerMain -d}): {@code conf/}, {@code db/}, {@code public/}
 * @param jvmTmp the child JVM's {@code java.io.tmpdir}, where QuestDB unpacks its native libraries
 */
record QuestDbConfig(int httpPort, Path root, Path jvmTmp, Map<String, String> settings) {

    static final String MAIN_CLASS = "io.questdb.ServerMain";

    QuestDbConfig {
        settings = Map.copyOf(settings);
    }

    String serverConf() {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("http.net.bind.to", "127.0.0.1:" + httpPort);
        conf.put("http.min.enabled", "false");
        conf.put("pg.enabled", "false");
        conf.put("line.tcp.enabled", "false");
        conf.put("line.udp.enabled", "false");
        conf.put("line.auto.create.new.tables", "false");
        conf.put("line.auto.create.new.columns", "false");
        conf.put("telemetry.enabled", "false");
        conf.putAll(settings);
        StringBuilder text = new StringBuilder("# Written by rtbench's local provider (QuestDbConfig).\n");
        conf.forEach(
                (name, value) -> text.append(name).append('=').append(value).append('\n'));
        return text.toString();
    }

    /**
     * The child JVM: the server jar on the class path (its own launcher uses the module path with a jlink'd runtime;
     * the class path works as well on Java 17+), the parallel collector as QuestDB's launcher sets it, and a heap that
     * leaves the machine's memory to QuestDB's off-heap columns and page cache.
     */
    List<String> command(Path java, Path jar) {
        return List.of(
                java.toString(),
                "-Xms256m",
                "-Xmx1g",
                "-XX:+UseParallelGC",
                // QuestDB loads its native libraries with System.load: Java 24+ warns unless it is allowed
                "--enable-native-access=ALL-UNNAMED",
                "-Djava.io.tmpdir=" + jvmTmp,
                "-cp",
                jar.toString(),
                MAIN_CLASS,
                "-d",
                root.toString());
    }
}
