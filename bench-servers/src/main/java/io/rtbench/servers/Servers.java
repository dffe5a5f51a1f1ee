package io.rtbench.servers;

import io.rtbench.servers.docker.DockerServerProvider;
import io.rtbench.servers.local.LocalServerProvider;
import java.util.Locale;
import java.util.Map;

/** Chooses the server provider: {@code RTBENCH_SERVERS=local} (default) or {@code docker}. */
public final class Servers {

    public static final String PROVIDER_ENV = "RTBENCH_SERVERS";
    public static final String REQUIRE_ENV = "RTBENCH_REQUIRE_SERVERS";
    /**
     * The system property naming where servers log (the rtbench command sets it to its own log directory,
     * docs/GUIDE.md, "Files, logs and environment variables"); unset, the temp dir's {@code rtbench-logs}.
     */
    public static final String LOG_DIR_PROPERTY = "rtbench.log.dir";

    private Servers() {}

    public static ServerProvider provider(Map<String, String> env) {
        String name = env.getOrDefault(PROVIDER_ENV, "local").trim().toLowerCase(Locale.ROOT);
        return switch (name) {
            case "", "local" -> new LocalServerProvider();
            case "docker" -> new DockerServerProvider(env);
            default ->
                throw new ServerUnavailableException(
                        PROVIDER_ENV + "=" + name + " is not a provider; use 'local' or 'docker'");
        };
    }

    /** Whether a missing server must fail a test instead of skipping it ({@code RTBENCH_REQUIRE_SERVERS=1}). */
    public static boolean required(Map<String, String> env) {
        String value = env.getOrDefault(REQUIRE_ENV, "");
        return value.equals("1") || value.equalsIgnoreCase("true");
    }
}
