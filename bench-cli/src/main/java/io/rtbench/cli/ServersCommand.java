package io.rtbench.cli;

import io.rtbench.core.BenchmarkException;
import io.rtbench.core.Bounds;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.ServerRecipes;
import io.rtbench.servers.daemon.ServerControl;
import io.rtbench.servers.daemon.ServerControlException;
import io.rtbench.servers.daemon.ServerState;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code rtbench servers start|stop|status KIND}: real local servers without Docker (docs/TARGETS.md) that outlive the
 * command; their state lives in {@code RTBENCH_STATE_DIR} (default {@code ~/.rtbench/servers}).
 */
@Command(
        name = "servers",
        description = "Start, stop and list real local servers (no Docker).",
        footerHeading = "%nServers:%n",
        footer = "${sys:" + ServersCommand.KINDS_PROPERTY + "}",
        subcommands = {ServersCommand.Start.class, ServersCommand.Stop.class, ServersCommand.Status.class})
final class ServersCommand implements Callable<Integer> {

    /** Where the help footer finds the list of server kinds (picocli interpolates system properties). */
    static final String KINDS_PROPERTY = "rtbench.servers.kinds";

    static {
        StringBuilder kinds = new StringBuilder();
        for (ServerRecipe recipe : ServerRecipes.all()) {
            kinds.append(
                    String.format(Locale.ROOT, "  %-14s %s%n", recipe.kind().cliName(), recipe.description()));
        }
        System.setProperty(KINDS_PROPERTY, kinds.toString().stripTrailing());
    }

    @Spec
    CommandSpec spec;

    /** Where {@value ServerControl#STATE_DIR_ENV} is read; tests give their own. */
    private final Map<String, String> environment;

    ServersCommand() {
        this(System.getenv());
    }

    ServersCommand(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    /** The registered server kinds, as picocli completion candidates (their help lists them). */
    static final class ServerKinds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return ServerRecipes.names().iterator();
        }
    }

    ServerControl control() {
        return ServerControl.fromEnvironment(environment);
    }

    static ServerKind kind(CommandSpec spec, String name) {
        try {
            return ServerKind.fromCliName(name.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    static String describe(ServerState state) {
        return String.format(
                Locale.ROOT,
                "%-13s %-36s pid %-8d %s",
                state.name(),
                state.address(),
                state.serverPid(),
                state.version());
    }

    @Command(name = "start", description = "Start a server in the background.")
    static final class Start implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        ServersCommand servers;

        @Parameters(
                paramLabel = "KIND",
                completionCandidates = ServerKinds.class,
                description = "${COMPLETION-CANDIDATES}")
        String kind;

        @Option(names = "--port", paramLabel = "PORT", description = "Client port on 127.0.0.1 (default: a free one).")
        Integer port;

        @Option(
                names = "--set",
                paramLabel = "NAME=VALUE",
                description = "A server setting, e.g. --set num.partitions=8.")
        Map<String, String> settings;

        @Option(
                names = "--workers",
                paramLabel = "N",
                description = "connect only: N workers in one Kafka Connect cluster (one group, its internal topics),"
                        + " each a process of its own on its own port (docs/CONNECT.md).")
        int workers;

        @Override
        public Integer call() {
            ServerKind serverKind = kind(spec, kind);
            ServerConfig options;
            try {
                options = new ServerConfig(port != null ? port : 0, settings != null ? settings : Map.of());
                Bounds.atLeast("--workers", 1, workers);
                if (workers > 1 && !serverKind.equals(ServerKind.CONNECT)) {
                    throw new IllegalArgumentException("--workers is for connect (a Kafka Connect cluster); "
                            + serverKind.cliName() + " runs as one server");
                }
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            try {
                List<ServerState> started = servers.control().start(serverKind, options, workers);
                PrintWriter out = spec.commandLine().getOut();
                for (ServerState state : started) {
                    out.println(state.name() + " started at " + state.address() + " (pid " + state.serverPid()
                            + ", version " + state.version() + "); log: " + state.logFile());
                }
                if (started.size() > 1) {
                    out.println(started.size() + " Connect workers in one cluster; give any of them as --connect-url");
                }
                out.flush();
                return 0;
            } catch (ServerControlException e) {
                throw new BenchmarkException(e.getMessage(), e);
            }
        }
    }

    @Command(name = "stop", description = "Stop a background server (or all).")
    static final class Stop implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        ServersCommand servers;

        @Parameters(paramLabel = "KIND|all", description = "The server to stop, or all.")
        String kind;

        @Override
        public Integer call() {
            List<ServerKind> kinds = kind.equalsIgnoreCase("all")
                    ? ServerRecipes.all().stream()
                            .map(ServerRecipe::kind)
                            .toList()
                            .reversed()
                    : List.of(kind(spec, kind));
            PrintWriter out = spec.commandLine().getOut();
            ServerControl control = servers.control();
            boolean stoppedAny = false;
            for (ServerKind serverKind : kinds) {
                try {
                    for (ServerState stopped : control.stop(serverKind)) {
                        out.println(stopped.name() + " stopped (was " + stopped.address() + ")");
                        stoppedAny = true;
                    }
                } catch (ServerControlException e) {
                    throw new BenchmarkException(e.getMessage(), e);
                }
            }
            if (!stoppedAny) {
                out.println(kind.equalsIgnoreCase("all") ? "no server was running" : kind + " was not running");
            }
            out.flush();
            return 0;
        }
    }

    @Command(name = "status", aliases = "list", description = "List running background servers (also: list).")
    static final class Status implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        ServersCommand servers;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            List<ServerState> running = servers.control().status();
            if (running.isEmpty()) {
                out.println("no server is running");
            }
            running.forEach(state -> out.println(describe(state)));
            out.flush();
            return 0;
        }
    }
}
