package io.rtbench.servers;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The registered {@link ServerRecipe}s, found once with {@link ServiceLoader}. */
public final class ServerRecipes {

    private static final Map<String, ServerRecipe> BY_NAME = load();

    private ServerRecipes() {}

    private static Map<String, ServerRecipe> load() {
        Map<String, ServerRecipe> byName = new TreeMap<>();
        for (ServerRecipe recipe : ServiceLoader.load(ServerRecipe.class, ServerRecipes.class.getClassLoader())) {
            ServerRecipe earlier = byName.putIfAbsent(recipe.kind().cliName(), recipe);
            if (earlier != null) {
                throw new IllegalStateException("two server recipes for '" + recipe.kind() + "': "
                        + earlier.getClass().getName() + " and "
                        + recipe.getClass().getName());
            }
        }
        return Map.copyOf(byName);
    }

    /** The recipe of a kind; {@link IllegalArgumentException} naming the known kinds otherwise. */
    public static ServerRecipe recipe(String name) {
        ServerRecipe recipe = BY_NAME.get(name);
        if (recipe == null) {
            throw new IllegalArgumentException("unknown server '" + name + "'; one of: " + String.join(", ", names()));
        }
        return recipe;
    }

    public static ServerRecipe recipe(ServerKind kind) {
        return recipe(kind.cliName());
    }

    /** Every registered recipe in start order. */
    public static List<ServerRecipe> all() {
        return BY_NAME.values().stream()
                .sorted((a, b) -> a.kind().compareTo(b.kind()))
                .toList();
    }

    /** The names of the registered kinds, in start order. */
    public static List<String> names() {
        return all().stream().map(recipe -> recipe.kind().cliName()).collect(Collectors.toList());
    }

    static int rank(ServerKind kind) {
        ServerRecipe recipe = BY_NAME.get(kind.cliName());
        return recipe == null ? Integer.MAX_VALUE : recipe.startRank();
    }
}
