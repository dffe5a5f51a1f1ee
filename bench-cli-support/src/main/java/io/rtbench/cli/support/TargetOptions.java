package io.rtbench.cli.support;

import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options that say where a target is, shared by every command that talks to one (a picocli mixin). Credentials
 * never come from a flag value (spec section 5): a properties file, or the environment.
 */
public final class TargetOptions {

    @Option(
            names = "--target-url",
            paramLabel = "URL",
            description = "The target's address, e.g. http://127.0.0.1:9200.")
    URI url;

    @Option(names = "--collection", defaultValue = TargetConfig.DEFAULT_COLLECTION, description = "Index or table.")
    String collection;

    @Option(
            names = "--target-option",
            paramLabel = "NAME=VALUE",
            description = "A driver option, e.g. refresh.interval=1s, shards=2, pool.size=8.")
    Map<String, String> options = new HashMap<>();

    @Option(
            names = "--credentials-file",
            paramLabel = "FILE",
            description = "Target credentials (user, password, api.key); else RTBENCH_TARGET_USER/_PASSWORD/_API_KEY.")
    Path credentialsFile;

    /** The target of {@code kind} these options point at; {@link IllegalArgumentException} if they are wrong. */
    public TargetConfig config(String kind, Duration timeout) {
        Credentials credentials = credentialsFile != null
                ? Credentials.fromFile(credentialsFile)
                : Credentials.fromEnvironment(System.getenv());
        return new TargetConfig(kind.toLowerCase(Locale.ROOT), url, collection, credentials, timeout, options);
    }

    public URI url() {
        return url;
    }
}
