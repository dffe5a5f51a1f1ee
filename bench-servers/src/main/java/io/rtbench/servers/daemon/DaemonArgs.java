package io.rtbench.servers.daemon;

import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a daemon JVM is asked to run, as its command line: {@code --state-dir D --kind K [--worker N] --port P [--setting
 * k=v]...}; {@code --worker} numbers the workers of a Connect cluster (1 when absent).
 * Settings name servers and paths, never credentials (those come from the environment, which the daemon inherits).
 */
record DaemonArgs(Path stateDir, DaemonName name, ServerConfig options) {

    DaemonArgs(Path stateDir, ServerKind kind, ServerConfig options) {
        this(stateDir, DaemonName.of(kind), options);
    }

    ServerKind kind() {
        return name.kind();
    }

    List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of(
                "--state-dir", stateDir.toString(),
                "--kind", name.kind().cliName(),
                "--port", Integer.toString(options.port())));
        if (name.worker() != 1) {
            args.add("--worker");
            args.add(Integer.toString(name.worker()));
        }
        options.settings().forEach((name, value) -> {
            args.add("--setting");
            args.add(name + "=" + value);
        });
        return args;
    }

    /** @throws IllegalArgumentException naming the bad or missing argument */
    static DaemonArgs parse(String[] args) {
        Path stateDir = null;
        ServerKind kind = null;
        int port = 0;
        int worker = 1;
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            String value = args[i + 1];
            switch (args[i]) {
                case "--state-dir" -> stateDir = Path.of(value);
                case "--kind" -> kind = ServerKind.fromCliName(value);
                case "--port" -> port = parseNumber("--port", value);
                case "--worker" -> worker = parseNumber("--worker", value);
                case "--setting" -> {
                    int equals = value.indexOf('=');
                    if (equals <= 0) {
                        throw new IllegalArgumentException("--setting needs name=value, got '" + value + "'");
                    }
                    settings.put(value.substring(0, equals), value.substring(equals + 1));
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (stateDir == null || kind == null) {
            throw new IllegalArgumentException("--state-dir and --kind are required");
        }
        return new DaemonArgs(stateDir, new DaemonName(kind, worker), new ServerConfig(port, settings));
    }

    private static int parseNumber(String option, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, got '" + value + "'", e);
        }
    }
}
