package io.rtbench.servers.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The generated configuration of a local Prometheus: it scrapes itself (job {@code prometheus}) and the targets of the
 * setting {@value #TARGETS} (job {@code rtbench}) every {@value #INTERVAL} (default {@value #DEFAULT_INTERVAL}).
 *
 * <p>Settings: {@value #TARGETS} = comma-separated {@code host:port} list; {@value #INTERVAL} = a Prometheus duration
 * ({@code 500ms}, {@code 1s}, {@code 15s}); any other {@code NAME=VALUE} becomes the flag {@code --NAME=VALUE}, e.g.
 * {@code storage.tsdb.retention.time=1h}.
 *
 * <p>Shared with the docker provider, whose Prometheus container runs on the host's network: the same targets hold.
 */
public record PrometheusConfig(int port, Map<String, String> settings) {

    static final String TARGETS = "scrape.targets";
    static final String INTERVAL = "scrape.interval";
    static final String DEFAULT_INTERVAL = "1s";

    private static final Pattern TARGET = Pattern.compile("[A-Za-z0-9.\\-]+:\\d{1,5}|\\[[0-9A-Fa-f:]+]:\\d{1,5}");
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");
    /** Prometheus' default scrape timeout; it must not exceed the interval. */
    private static final long MAX_TIMEOUT_MS = 10_000;

    public PrometheusConfig {
        settings = Map.copyOf(settings);
        targets(settings);
        intervalMs(settings);
    }

    public String yaml() {
        String interval = settings.getOrDefault(INTERVAL, DEFAULT_INTERVAL);
        long timeoutMs = Math.min(intervalMs(settings), MAX_TIMEOUT_MS);
        StringBuilder yaml = new StringBuilder()
                .append("global:\n")
                .append("  scrape_interval: ")
                .append(interval)
                .append('\n')
                .append("  scrape_timeout: ")
                .append(timeoutMs)
                .append("ms\n")
                .append("  evaluation_interval: ")
                .append(interval)
                .append('\n')
                .append("scrape_configs:\n");
        job(yaml, "prometheus", List.of("127.0.0.1:" + port));
        List<String> targets = targets(settings);
        if (!targets.isEmpty()) {
            job(yaml, "rtbench", targets);
        }
        return yaml.toString();
    }

    /** The command line after the binary. */
    public List<String> arguments(Path configFile, Path dataDir) {
        List<String> arguments = new ArrayList<>(List.of(
                "--config.file=" + configFile,
                "--web.listen-address=127.0.0.1:" + port,
                "--storage.tsdb.path=" + dataDir));
        settings.forEach((name, value) -> {
            if (!name.equals(TARGETS) && !name.equals(INTERVAL)) {
                arguments.add("--" + name + "=" + value);
            }
        });
        return arguments;
    }

    private static void job(StringBuilder yaml, String name, List<String> targets) {
        yaml.append("  - job_name: ").append(name).append('\n');
        yaml.append("    static_configs:\n");
        yaml.append("      - targets: [");
        yaml.append(String.join(", ", targets.stream().map(t -> "'" + t + "'").toList()));
        yaml.append("]\n");
    }

    static List<String> targets(Map<String, String> settings) {
        String value = settings.getOrDefault(TARGETS, "").strip();
        if (value.isEmpty()) {
            return List.of();
        }
        List<String> targets =
                Arrays.stream(value.split(",")).map(String::strip).toList();
        for (String target : targets) {
            if (!TARGET.matcher(target).matches()) {
                throw new IllegalArgumentException(
                        TARGETS + " must be a comma-separated list of host:port, got '" + target + "'");
            }
        }
        return targets;
    }

    static long intervalMs(Map<String, String> settings) {
        String value = settings.getOrDefault(INTERVAL, DEFAULT_INTERVAL).strip();
        Matcher matcher = DURATION.matcher(value);
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            throw new IllegalArgumentException(
                    INTERVAL + " must be a positive duration such as 500ms, 1s or 1m, got '" + value + "'");
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms" -> amount;
            case "s" -> amount * 1_000;
            case "m" -> amount * 60_000;
            default -> amount * 3_600_000;
        };
    }
}
