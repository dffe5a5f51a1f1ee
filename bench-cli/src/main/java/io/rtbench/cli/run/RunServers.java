package io.rtbench.cli.run;

import io.rtbench.cli.support.TargetOptions;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.engine.Stage;
import io.rtbench.core.fault.Fault;
import io.rtbench.core.fault.FaultKind;
import io.rtbench.core.fault.Injection;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.target.Credentials;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.utilisation.UtilisationSource;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.daemon.ServerControl;
import io.rtbench.servers.daemon.ServerState;
import io.rtbench.servers.local.ProcessPause;
import io.rtbench.servers.local.ProcessUtilisation;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * The servers of a run: started here on 127.0.0.1 ({@code --servers local}: Kafka, Connect and the target's database,
 * as the pipeline needs) and stopped at the end, or given by address ({@code --servers external}).
 */
final class RunServers implements Stage {

    private final List<RunningServer> started = new ArrayList<>();
    private String bootstrapServers;
    private URI targetUrl;
    private String connectUrl;
    private String kafkaVersion;
    private boolean localTarget;
    private RunningServer database;
    /** The database at the target's address that {@code rtbench servers start} runs on this host, if any. */
    private Optional<ServerState> backgroundDatabase = Optional.empty();
    /** The harness's servers this run started, or found running in the background, by part name. */
    private final Map<String, RunningServer> harnessServers = new LinkedHashMap<>();

    private final Map<String, ServerState> backgroundHarness = new LinkedHashMap<>();

    private Path credentialsFile;

    private RunServers() {}

    static RunServers start(
            RunSpec spec, ServerProvider provider, String connectPluginPath, Consumer<String> progress) {
        RunServers servers = new RunServers();
        servers.credentialsFile = spec.target().credentialsFile();
        try {
            if (spec.run().localServers()) {
                servers.startLocal(spec, provider, connectPluginPath, progress);
            } else {
                servers.useExternal(spec, ServerControl.fromEnvironment(System.getenv()));
            }
            return servers;
        } catch (RuntimeException e) {
            servers.close();
            throw e;
        }
    }

    private void startLocal(
            RunSpec spec, ServerProvider provider, String connectPluginPath, Consumer<String> progress) {
        if (spec.pipeline().usesKafka()) {
            progress.accept("starting Kafka");
            RunningServer kafka = start(provider, ServerKind.KAFKA, ServerConfig.DEFAULT);
            harnessServers.put("kafka", kafka);
            bootstrapServers = kafka.address();
            kafkaVersion = kafka.version();
        }
        Optional<ServerKind> database = databaseOf(spec.target().kind());
        if (database.isPresent()) {
            progress.accept("starting " + database.get().cliName());
            RunningServer server = start(provider, database.get(), ServerConfig.DEFAULT);
            this.database = server;
            targetUrl = URI.create(server.address());
            localTarget = true;
        } else {
            targetUrl = spec.target().url() != null
                    ? spec.target().url()
                    : URI.create("reference://" + spec.target().collection());
        }
        if (spec.pipeline() == Pipeline.KAFKA_CONNECT) {
            progress.accept("starting Kafka Connect");
            Map<String, String> settings = new LinkedHashMap<>(ConnectFaults.workerSettings(spec.faults()));
            settings.put("bootstrap.servers", bootstrapServers);
            if (connectPluginPath != null) {
                settings.put("plugin.path", connectPluginPath);
            }
            ServerConfig options = new ServerConfig(0, settings);
            RunningServer connect = start(provider, ServerKind.CONNECT, options);
            harnessServers.put("connect", connect);
            connectUrl = connect.address();
        }
    }

    /** The addresses given; {@link RunSpec} has checked that the pipeline has the ones it needs. */
    private void useExternal(RunSpec spec, ServerControl background) {
        bootstrapServers = spec.kafka().bootstrapServers();
        targetUrl = spec.target().url() != null
                ? spec.target().url()
                : URI.create("reference://" + spec.target().collection());
        connectUrl = spec.run().connectUrl();
        backgroundDatabase = databaseOf(spec.target().kind()).flatMap(kind -> background(background, kind, targetUrl));
        if (bootstrapServers != null && !bootstrapServers.contains(",")) {
            Optional<ServerState> kafka =
                    background(background, ServerKind.KAFKA, URI.create("kafka://" + bootstrapServers.strip()));
            kafkaVersion = kafka.map(ServerState::version).orElse(null);
            kafka.ifPresent(state -> backgroundHarness.put("kafka", state));
        }
        if (connectUrl != null) {
            backgroundConnect(background, connectUrl).forEach(state -> backgroundHarness.put(state.name(), state));
        }
    }

    /**
     * The Connect cluster that {@code rtbench servers start} runs on this host, when {@code url} is one of its workers:
     * every worker ({@code connect}, {@code connect-2} …), each a part of the harness; else none.
     */
    private static List<ServerState> backgroundConnect(ServerControl control, String url) {
        try {
            return background(control, ServerKind.CONNECT, URI.create(url.strip()))
                            .isPresent()
                    ? control.status().stream()
                            .filter(state -> state.kind().equals(ServerKind.CONNECT))
                            .toList()
                    : List.of();
        } catch (RuntimeException unreadable) {
            // an address that is no URI, a state directory this user cannot read: nothing measured, the run goes on
            return List.of();
        }
    }

    /**
     * The server of {@code kind} that {@code rtbench servers start} runs on this host at {@code address}: a run knows
     * its version and measures its process as one it started (a port on the loopback address is this host's); empty
     * for any other address.
     */
    static Optional<ServerState> background(ServerControl control, ServerKind kind, URI address) {
        OptionalInt port = loopbackPort(address);
        try {
            return port.isPresent() ? control.runningAt(kind, port.getAsInt()) : Optional.empty();
        } catch (RuntimeException unreadable) {
            // a state directory this user cannot read: the run goes on as with any external server
            return Optional.empty();
        }
    }

    /** The port of an address on this host's loopback interface (by its name: no lookup); empty for another host. */
    static OptionalInt loopbackPort(URI address) {
        String host = address.getHost();
        boolean loopback = host != null
                && (host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1"));
        return loopback && address.getPort() >= 0 ? OptionalInt.of(address.getPort()) : OptionalInt.empty();
    }

    private RunningServer start(ServerProvider provider, ServerKind kind, ServerConfig options) {
        RunningServer server = provider.start(kind, options);
        started.add(server);
        return server;
    }

    /** The database server a target kind runs on (its driver says which); empty for the in-process targets. */
    static Optional<ServerKind> databaseOf(String target) {
        return Targets.provider(target).server().map(ServerKind::fromCliName);
    }

    String bootstrapServers() {
        return bootstrapServers;
    }

    URI targetUrl() {
        return targetUrl;
    }

    String connectUrl() {
        return connectUrl;
    }

    /**
     * Where the target's utilisation comes from (docs/MEASUREMENT.md, "Target utilisation"): the process of a database
     * rtbench started as a child process, for this run or in the background ({@code rtbench servers start}); else, for
     * an external server or a container, the server's own stats API where the driver has one; empty for the in-process
     * targets and drivers without one.
     */
    Optional<UtilisationSource> targetUtilisation(String kind, TargetConfig target) {
        Optional<UtilisationSource> process =
                database == null ? backgroundDatabase.map(ServerState::utilisation) : database.utilisation();
        if (process.isPresent()) {
            return process;
        }
        return Targets.provider(kind).server().isPresent()
                ? Targets.provider(kind).utilisation(target)
                : Optional.empty();
    }

    /**
     * The harness's processes on this host (docs/MEASUREMENT.md, "The harness and the machine"), new sources for each
     * sampler: rtbench's own process ({@code /proc/self} without its children, which are the servers, and without the
     * threads of the servers in its JVM), and the Kafka broker and Connect workers this run started or found through
     * {@code rtbench servers}; none where {@code /proc} cannot be read.
     */
    Map<String, UtilisationSource> harnessUtilisation() {
        Map<String, UtilisationSource> parts = new LinkedHashMap<>();
        if (!Files.isReadable(Path.of("/proc/self/stat"))) {
            return parts;
        }
        parts.put(
                "rtbench",
                ProcessUtilisation.aloneWithout(
                        ProcessHandle.current().pid(),
                        harnessServers.values().stream()
                                .flatMap(server -> server.threadsInThisJvm().stream())
                                .toList()));
        harnessServers.forEach(
                (name, server) -> server.processUtilisation().ifPresent(source -> parts.put(name, source)));
        backgroundHarness.forEach((name, state) -> parts.put(name, state.processUtilisation()));
        return parts;
    }

    /**
     * How this run does each kind of {@code faults} (docs/MEASUREMENT.md, "Freshness under faults"): {@code
     * target-pause} on the database this run started (its processes, or its container with the docker provider), or on
     * the processes of the one {@code rtbench servers start} runs at the target's address; {@code target-restart} on
     * the database this run started and {@code broker-restart} on the broker it started, where their servers restart
     * with their data kept; {@code sink-kill} and {@code rebalance} on the run's sink, as its stage does them (the
     * bridge's, or {@link ConnectFaults} on the Connect worker the run started). {@link FaultChecks} refuses any other
     * before anything starts; one whose part is not here now is a {@link BenchmarkException}.
     *
     * @param sink the faults of the run's sink; null when rtbench injects none into it
     */
    Map<FaultKind, Injection> injections(List<Fault> faults, SinkFaults sink) {
        Map<FaultKind, Injection> injections = new EnumMap<>(FaultKind.class);
        for (Fault fault : faults) {
            if (!injections.containsKey(fault.kind())) {
                injections.put(
                        fault.kind(),
                        injection(fault.kind(), sink)
                                .orElseThrow(() -> new BenchmarkException(
                                        "--fault " + fault + ": this run has no server of its own to do it to")));
            }
        }
        return injections;
    }

    private Optional<Injection> injection(FaultKind kind, SinkFaults sink) {
        return switch (kind) {
            case TARGET_PAUSE ->
                database != null
                        ? database.pausable().map(Injection::pause)
                        : backgroundDatabase.map(state -> Injection.pause(
                                new ProcessPause(state.serverPid(), state.kind().cliName())));
            case TARGET_RESTART ->
                Optional.ofNullable(database)
                        .flatMap(RunningServer::restartable)
                        .map(Injection::restart);
            case BROKER_RESTART ->
                Optional.ofNullable(harnessServers.get("kafka"))
                        .flatMap(RunningServer::restartable)
                        .map(Injection::restart);
            case SINK_KILL -> Optional.ofNullable(sink).map(SinkFaults::sinkKill);
            case REBALANCE -> Optional.ofNullable(sink).map(SinkFaults::rebalance);
        };
    }

    /** The Connect worker this run started ({@code --servers local}); empty otherwise. */
    Optional<RunningServer> connectWorker() {
        return Optional.ofNullable(harnessServers.get("connect"));
    }

    /** The Kafka version when rtbench started the broker, for this run or in the background; null otherwise. */
    String kafkaVersion() {
        return kafkaVersion;
    }

    /**
     * None for a target rtbench started itself (its address carries what a client needs, as {@code rtbench servers}
     * prints it), else from the credentials file, else the environment.
     */
    Credentials credentials() {
        if (localTarget) {
            return Credentials.NONE;
        }
        return TargetOptions.credentials(credentialsFile);
    }

    @Override
    public String name() {
        return "servers";
    }

    /** The broker's version when rtbench started it, here or in the background (another broker's is not known). */
    @Override
    public RunEnvironment environment(RunEnvironment environment) {
        return kafkaVersion == null ? environment : environment.withKafkaVersion(kafkaVersion);
    }

    /** Stops what was started, newest first (Connect before its Kafka). */
    @Override
    public void close() {
        List<RunningServer> newestFirst = new ArrayList<>(started);
        Collections.reverse(newestFirst);
        newestFirst.forEach(RunningServer::close);
        started.clear();
    }
}
