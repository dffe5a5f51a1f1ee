package io.rtbench.core.target;

import io.rtbench.core.IoReasons;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Secrets for a target. They come from environment variables or a properties file, never from a flag value, and
 * never appear in logs or result files: {@link #toString()} hides them.
 *
 * <p>Environment: {@code RTBENCH_TARGET_USER}, {@code RTBENCH_TARGET_PASSWORD}, {@code RTBENCH_TARGET_API_KEY}.
 * Properties file keys: {@code user}, {@code password}, {@code api.key}.
 */
public record Credentials(String user, String password, String apiKey) {

    public static final Credentials NONE = new Credentials(null, null, null);

    public static Credentials fromEnvironment(Map<String, String> env) {
        return new Credentials(
                env.get("RTBENCH_TARGET_USER"), env.get("RTBENCH_TARGET_PASSWORD"), env.get("RTBENCH_TARGET_API_KEY"));
    }

    public static Credentials fromFile(Path file) {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new IllegalArgumentException(IoReasons.cannotRead(file, e), e);
        }
        return new Credentials(
                properties.getProperty("user"), properties.getProperty("password"), properties.getProperty("api.key"));
    }

    public boolean hasUser() {
        return user != null && !user.isEmpty();
    }

    public boolean hasApiKey() {
        return apiKey != null && !apiKey.isEmpty();
    }

    @Override
    public String toString() {
        return "Credentials[user=" + (hasUser() ? user : "none") + ", password=" + (password == null ? "none" : "***")
                + ", apiKey=" + (hasApiKey() ? "***" : "none") + "]";
    }
}
