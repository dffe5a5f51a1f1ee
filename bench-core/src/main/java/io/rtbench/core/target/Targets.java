package io.rtbench.core.target;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Finds target drivers on the class path (see {@link TargetProvider}). */
public final class Targets {

    private Targets() {}

    /** Opens a target of {@code config.kind()}; fails with the list of known kinds when none matches. */
    public static Target open(TargetConfig config) {
        TargetProvider provider = providers().get(config.kind());
        if (provider == null) {
            throw new TargetException(unknown(config.kind()));
        }
        return provider.open(config);
    }

    /** The driver of a kind; {@link IllegalArgumentException} naming the known kinds when there is none. */
    public static TargetProvider provider(String kind) {
        TargetProvider provider = providers().get(kind);
        if (provider == null) {
            throw new IllegalArgumentException(unknown(kind));
        }
        return provider;
    }

    /**
     * {@link IllegalArgumentException} naming the option and those the kind takes when {@code options} holds one the
     * target does not take ({@link TargetProvider#options()}), or naming the value expected when one is invalid
     * ({@link TargetProvider#checkOptions}).
     */
    public static void requireOptions(TargetProvider provider, Map<String, String> options) {
        Set<String> taken = provider.options();
        for (String name : new TreeSet<>(options.keySet())) {
            if (!taken.contains(name) && !TargetConfig.COMMON_OPTIONS.contains(name)) {
                throw new IllegalArgumentException(provider.kind() + " has no option " + name
                        + (taken.isEmpty()
                                ? "; it takes none"
                                : "; it takes " + String.join(", ", new TreeSet<>(taken))));
            }
        }
        provider.checkOptions(TargetConfig.of(provider.kind(), null).withOptions(options));
    }

    /** The installed providers by kind, sorted by name. */
    public static Map<String, TargetProvider> providers() {
        Map<String, TargetProvider> byKind = new TreeMap<>();
        for (TargetProvider provider : ServiceLoader.load(TargetProvider.class, Targets.class.getClassLoader())) {
            byKind.put(provider.kind(), provider);
        }
        return byKind;
    }

    /** The installed kinds, sorted by name. */
    public static List<String> kinds() {
        return List.copyOf(providers().keySet());
    }

    private static String unknown(String kind) {
        return "unknown target kind '" + kind + "'; one of: " + String.join(", ", kinds());
    }
}
