package io.rtbench.hosts;

import io.rtbench.cli.support.ClientProperties;
import io.rtbench.cli.support.CommandLines;
import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.StartOptions;
import io.rtbench.cli.support.TargetOptions;
import io.rtbench.cli.support.UsageException;
import io.rtbench.core.Bounds;
import io.rtbench.core.engine.ShutdownGuard;
import io.rtbench.core.target.Credentials;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rtbench worker}: one host of a run on several hosts (docs/GUIDE.md, "Several hosts"). It waits for runs that
 * {@code rtbench run --workers N} announces on Kafka, runs its share of the generators and probes them, and sends its
 * intervals back, until Ctrl-C.
 */
@Command(
        name = "worker",
        description = "Join runs on several hosts: wait for `rtbench run --workers N` on Kafka, produce and probe this"
                + " host's share of the generators, send its latencies back. Runs until Ctrl-C.")
public final class WorkerCommand implements Callable<Integer> {

    /** How long a Ctrl-C waits for the worker to leave its share: it writes no result, only closes its stages. */
    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(15);

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--bootstrap-servers",
            required = true,
            paramLabel = "HOST:PORT",
            converter = Converters.BootstrapServersConverter.class,
            description = "The Kafka brokers of the runs (the coordinator's --bootstrap-servers).")
    String bootstrapServers;

    @Option(
            names = "--id",
            paramLabel = "NAME",
            description = "This worker's name in results and messages (default: the host name and process id).")
    String id;

    @Option(
            names = "--kafka-config",
            paramLabel = "FILE",
            description = "Kafka client properties (TLS, SASL …); never written to a result.")
    Path kafkaConfig;

    @Option(
            names = "--credentials-file",
            paramLabel = "FILE",
            description = "The target's credentials (user, password, api.key); else the environment.")
    Path credentialsFile;

    @Mixin
    StartOptions start;

    @Override
    public Integer call() throws InterruptedException {
        String name = id != null ? id : defaultId();
        if (name.isBlank() || name.contains(",")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--id must be a name without commas");
        }
        try {
            Bounds.positive("--connect-timeout", start.connectTimeout());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Map<String, String> clientConfig = ClientProperties.read(kafkaConfig, "--kafka-config");
        Credentials credentials = TargetOptions.credentials(credentialsFile);
        AtomicBoolean stop = new AtomicBoolean();
        // the engine's Ctrl-C path: the worker leaves its share (its stages closed) before the JVM exits
        try (ShutdownGuard guard = ShutdownGuard.install(stop, SHUTDOWN_WAIT);
                Worker worker = new Worker(
                        name,
                        bootstrapServers,
                        clientConfig,
                        credentials,
                        start.connectTimeout(),
                        spec.commandLine().getOut()::println)) {
            spec.commandLine().getOut().flush();
            worker.serve(stop);
            return guard.signalExitCode().orElse(CommandLines.OK); // 130 after Ctrl-C, as a shell expects
        }
    }

    private static String defaultId() {
        String host = System.getenv().getOrDefault("HOSTNAME", "");
        if (host.isBlank()) {
            try {
                host = java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.net.UnknownHostException e) {
                host = "worker";
            }
        }
        return host + "-" + ProcessHandle.current().pid();
    }
}
