package io.rtbench.cli.support;

import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetProvider;
import io.rtbench.core.target.Targets;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options that say where a target is, shared by every command that talks to one (a picocli mixin). Credentials
 * never come from a flag value (docs/GUIDE.md, "rtbench run"): a properties file, or the environment.
 */
public final class TargetOptions {

    @Option(
            names = "--target",
            defaultValue = Defaults.TARGET,
            paramLabel = "KIND",
            completionCandidates = TargetKinds.class,
            description = "The target: ${COMPLETION-CANDIDATES}.")
    String kind;

    @Option(
            names = "--target-url",
            paramLabel = "URL",
            description = "The target's address, e.g. http://127.0.0.1:9200.")
    URI url;

    @Option(
            names = "--collection",
            defaultValue = Defaults.COLLECTION,
            paramLabel = "NAME",
            description = "Index or table.")
    String collection;

    @Option(
            names = "--target-option",
            paramLabel = "NAME=VALUE",
            split = ",",
            hideParamSyntax = true,
            description = "A driver option, e.g. refresh.interval=1s, shards=2, pool.size=8.")
    Map<String, String> options;

    @Option(
            names = "--credentials-file",
            paramLabel = "FILE",
            description = "Target credentials (user, password, api.key); else RTBENCH_TARGET_USER/_PASSWORD/_API_KEY.")
    Path credentialsFile;

    /** The kind given with {@code --target} (or its default under this command); null when there is none. */
    public String kind() {
        return kind == null ? null : kind.toLowerCase(Locale.ROOT);
    }

    /** The kind, which this command needs: a usage error naming {@code --target} when it was not given. */
    public String requireKind() {
        if (kind == null) {
            throw new IllegalArgumentException("--target is required: one of " + String.join(", ", Targets.kinds()));
        }
        return kind();
    }

    /** The options given with {@code --target-option}, empty when none were. */
    public Map<String, String> driverOptions() {
        return options == null ? Map.of() : Map.copyOf(options);
    }

    public String collection() {
        return collection;
    }

    public Path credentialsFile() {
        return credentialsFile;
    }

    /** The target these options point at, of {@link #requireKind()}; {@link IllegalArgumentException} if wrong. */
    public TargetConfig config(Duration timeout) {
        return config(requireKind(), timeout);
    }

    /** The target of {@code kind} these options point at; {@link IllegalArgumentException} if they are wrong. */
    public TargetConfig config(String kind, Duration timeout) {
        TargetProvider provider = Targets.provider(kind.toLowerCase(Locale.ROOT));
        try {
            Targets.requireOptions(provider, driverOptions());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--target-option: " + e.getMessage(), e);
        }
        if (url != null) {
            try {
                provider.checkUrl(url);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--target-url: " + e.getMessage(), e);
            }
        }
        return new TargetConfig(
                kind.toLowerCase(Locale.ROOT), url, collection, credentials(credentialsFile), timeout, driverOptions());
    }

    /**
     * The credentials in {@code file}, else those of the environment; a {@link UsageException} (exit 2, whatever the
     * command) for a file that cannot be read.
     */
    public static Credentials credentials(Path file) {
        if (file == null) {
            return Credentials.fromEnvironment(System.getenv());
        }
        try {
            return Credentials.fromFile(file);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--credentials-file: " + e.getMessage());
        }
    }

    public URI url() {
        return url;
    }

    /** The target's settings as given, checked by {@link Settings#checked} when the run is built. */
    public Settings settings() {
        return new Settings(kind, url, collection, driverOptions(), credentialsFile);
    }

    /**
     * Which target and where, checked as far as the target alone can be: its kind, its options, its address, its
     * credentials file read (read again when used) and the collection's name. What depends on the pipeline or the
     * servers is checked with the run's settings together.
     *
     * @param options the driver's own options ({@code --target-option}, docs/TARGETS.md)
     */
    public record Settings(String kind, URI url, String collection, Map<String, String> options, Path credentialsFile)
            implements ScenarioPart {

        public Settings {
            kind = kind.toLowerCase(Locale.ROOT);
            options = Map.copyOf(options);
        }

        /**
         * These settings, when the target alone can take them; {@link IllegalArgumentException} naming the flag
         * otherwise.
         */
        public Settings checked() {
            SettingChecks.name("--collection", collection, "a name of letters, digits, '_', '.' and '-'", 255);
            credentials(credentialsFile);
            TargetProvider provider = provider();
            SettingChecks.named("--target-option", () -> {
                Targets.requireOptions(provider, options);
                return null;
            });
            if (url != null) {
                SettingChecks.named("--target-url", () -> {
                    provider.checkUrl(url);
                    return null;
                });
            }
            return this;
        }

        /** The target's driver. */
        public TargetProvider provider() {
            return provider(kind);
        }

        private static TargetProvider provider(String kind) {
            return SettingChecks.named("--target", () -> Targets.provider(kind));
        }

        public Settings withKind(String value) {
            return new Settings(value, url, collection, options, credentialsFile);
        }

        public Settings withUrl(URI value) {
            return new Settings(kind, value, collection, options, credentialsFile);
        }

        public Settings withCollection(String value) {
            return new Settings(kind, url, value, options, credentialsFile);
        }

        public Settings withOptions(Map<String, String> value) {
            return new Settings(kind, url, collection, value, credentialsFile);
        }

        /** The collection and the driver's options (when there are any); never the credentials. */
        @Override
        public void describe(Map<String, Object> settings) {
            settings.put("collection", collection);
            if (!options.isEmpty()) {
                settings.put("targetOptions", options);
            }
        }
    }
}
