package io.rtbench.servers;

import java.util.Objects;

/**
 * A kind of real server, by the name used on the command line ({@code kafka}, {@code opensearch}, …). The kinds that
 * exist are those of the registered {@link ServerRecipe}s; only the servers every run may need (Kafka, Connect,
 * Prometheus) have constants here, a database's kind is its recipe's.
 */
public record ServerKind(String cliName) implements Comparable<ServerKind> {

    public static final ServerKind KAFKA = new ServerKind("kafka");
    public static final ServerKind CONNECT = new ServerKind("connect");
    public static final ServerKind PROMETHEUS = new ServerKind("prometheus");

    public ServerKind {
        Objects.requireNonNull(cliName, "cliName");
        if (!cliName.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException(
                    "a server kind is lower-case letters, digits and '-', got '" + cliName + "'");
        }
    }

    /** The registered kind of that name; {@link IllegalArgumentException} naming the known kinds otherwise. */
    public static ServerKind fromCliName(String name) {
        return ServerRecipes.recipe(name).kind();
    }

    /** Start order: the servers others depend on first (see {@link ServerRecipe#startRank()}), then by name. */
    @Override
    public int compareTo(ServerKind other) {
        int byRank = Integer.compare(ServerRecipes.rank(this), ServerRecipes.rank(other));
        return byRank != 0 ? byRank : cliName.compareTo(other.cliName);
    }

    @Override
    public String toString() {
        return cliName;
    }
}
