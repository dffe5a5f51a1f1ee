package io.rtbench.servers;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The real servers rtbench can start (spec section 7). */
public enum ServerKind {
    KAFKA,
    CONNECT,
    OPENSEARCH,
    ELASTICSEARCH,
    CLICKHOUSE,
    POSTGRES,
    PROMETHEUS;

    /** The name used on the command line: {@code kafka}, {@code opensearch}, … */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ServerKind fromCliName(String name) {
        for (ServerKind kind : values()) {
            if (kind.cliName().equals(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown server '" + name + "'; one of: "
                + Arrays.stream(values()).map(ServerKind::cliName).collect(Collectors.joining(", ")));
    }
}
