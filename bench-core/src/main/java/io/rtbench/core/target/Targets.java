package io.rtbench.core.target;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds target drivers on the class path. */
public final class Targets {

    private Targets() {}

    /** Opens a target of {@code config.kind()}; fails with the list of known kinds when none matches. */
    public static Target open(TargetConfig config) {
        TargetProvider provider = providers().get(config.kind());
        if (provider == null) {
            throw new TargetException("unknown target kind '" + config.kind() + "'; known kinds: "
                    + String.join(", ", providers().keySet()));
        }
        return provider.open(config);
    }

    /** The installed providers by kind, sorted by name. */
    public static Map<String, TargetProvider> providers() {
        Map<String, TargetProvider> byKind = new TreeMap<>();
        for (TargetProvider provider : ServiceLoader.load(TargetProvider.class, Targets.class.getClassLoader())) {
            byKind.put(provider.kind(), provider);
        }
        return byKind;
    }
}
