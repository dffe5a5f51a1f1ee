package io.rtbench.servers.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How a local Elasticsearch or OpenSearch is started: a single node on 127.0.0.1, data, logs and config in its temp
 * dir, disk-based allocation off (a nearly full disk must not make the index read-only in the middle of a benchmark),
 * a 512 MB heap.
 *
 * <p>Settings: {@value #HEAP} = the heap size ({@code 512m}, {@code 2g}); {@value #JVM_OPTIONS} = more options for the
 * server's JVM, separated by spaces (e.g. {@code -XX:TieredStopAtLevel=1}, which the integration tests use to start
 * faster); every other {@code NAME=VALUE} becomes the node setting {@code -E NAME=VALUE} and may override the
 * defaults.
 *
 * @param dir the server's temp dir: {@code config/}, {@code data/}, {@code logs/}, {@code tmp/} go there
 */
record SearchEngineConfig(
        SearchEngine engine, int httpPort, int transportPort, Path dir, Map<String, String> settings) {

    static final String HEAP = "heap";
    static final String JVM_OPTIONS = "jvm.options";
    static final String DEFAULT_HEAP = "512m";

    private static final Pattern HEAP_SIZE = Pattern.compile("\\d+[kKmMgG]");
    private static final Pattern RELATIVE_LOGS = Pattern.compile("(?<=[=:])logs/");
    private static final Pattern RELATIVE_HEAP_DUMP = Pattern.compile("(?<=-XX:HeapDumpPath=)data(?=/|$)");
    private static final Pattern RELATIVE_AGENT = Pattern.compile("(?<=-javaagent:)agent/");

    SearchEngineConfig {
        settings = Map.copyOf(settings);
        String heap = settings.getOrDefault(HEAP, DEFAULT_HEAP);
        if (!HEAP_SIZE.matcher(heap).matches()) {
            throw new IllegalArgumentException(HEAP + " must be a size such as 512m or 2g, got '" + heap + "'");
        }
    }

    Path configDir() {
        return dir.resolve("config");
    }

    /** The node settings, in order: ours, the engine's, then the caller's (which win). */
    Map<String, String> nodeSettings() {
        Map<String, String> node = new LinkedHashMap<>();
        node.put("discovery.type", "single-node");
        node.put("network.host", "127.0.0.1");
        node.put("http.port", Integer.toString(httpPort));
        node.put("transport.port", Integer.toString(transportPort));
        node.put("path.data", dir.resolve("data").toString());
        node.put("path.logs", dir.resolve("logs").toString());
        node.put("cluster.routing.allocation.disk.threshold_enabled", "false");
        node.putAll(engine.ownSettings());
        settings.forEach((name, value) -> {
            if (!name.equals(HEAP) && !name.equals(JVM_OPTIONS)) {
                node.put(name, value);
            }
        });
        return node;
    }

    /** The launch script's arguments: a pid file (the server's own pid, behind any launcher) and the settings. */
    List<String> arguments(Path pidFile) {
        List<String> arguments = new ArrayList<>(List.of("-p", pidFile.toString()));
        nodeSettings().forEach((name, value) -> arguments.addAll(List.of("-E", name + "=" + value)));
        return arguments;
    }

    /** The launch script's environment. */
    Map<String, String> environment(Path javaHome) {
        return Map.of(
                engine.javaHomeEnv(), javaHome.toString(),
                engine.pathConfEnv(), configDir().toString(),
                engine.tmpDirEnv(), dir.resolve("tmp").toString(),
                // the heap comes from the heap setting, not from whatever the caller's environment holds
                engine.javaOptsEnv(), "");
    }

    /**
     * A jvm.options.d file with the heap and the {@value #JVM_OPTIONS} setting, one option a line: it is read after
     * jvm.options and so overrides the distribution's.
     */
    String heapOptions() {
        String heap = settings.getOrDefault(HEAP, DEFAULT_HEAP);
        StringBuilder options = new StringBuilder("-Xms" + heap + "\n-Xmx" + heap + "\n");
        for (String option : settings.getOrDefault(JVM_OPTIONS, "").trim().split("\\s+")) {
            if (!option.isEmpty()) {
                options.append(option).append('\n');
            }
        }
        return options.toString();
    }

    /**
     * The distribution's jvm.options with its relative paths made absolute. OpenSearch's launcher runs the JVM in the
     * distribution's home, which is shared and read-only for the server: GC log, error file and heap dumps go to this
     * server's temp dir, and the agent jar is found in the home.
     */
    static String privateJvmOptions(String original, Path home, Path dir) {
        String logs = Matcher.quoteReplacement(dir.resolve("logs") + "/");
        String data = Matcher.quoteReplacement(dir.resolve("data").toString());
        String agent = Matcher.quoteReplacement(home.resolve("agent") + "/");
        return original.lines()
                .map(line -> RELATIVE_LOGS.matcher(line).replaceAll(logs))
                .map(line -> RELATIVE_HEAP_DUMP.matcher(line).replaceAll(data))
                .map(line -> RELATIVE_AGENT.matcher(line).replaceAll(agent))
                .collect(Collectors.joining("\n", "", "\n"));
    }
}
