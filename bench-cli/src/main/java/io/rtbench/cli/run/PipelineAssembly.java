package io.rtbench.cli.run;

import io.micrometer.core.instrument.MeterRegistry;
import io.rtbench.cli.support.UsageException;
import io.rtbench.connectors.bridge.BridgeSettings;
import io.rtbench.core.engine.Engine;
import io.rtbench.core.engine.RunResources;
import io.rtbench.core.fault.FaultKind;
import io.rtbench.core.fault.Injection;
import io.rtbench.core.fault.TimedSamples;
import io.rtbench.core.mixed.MixedSettings;
import io.rtbench.core.mixed.ReadCandidates;
import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import io.rtbench.core.utilisation.UtilisationSampler;
import io.rtbench.core.workload.Workload;
import io.rtbench.evaluator.AuditStage;
import io.rtbench.evaluator.BacklogSampler;
import io.rtbench.evaluator.BacklogStage;
import io.rtbench.evaluator.EvaluatorMetrics;
import io.rtbench.evaluator.ProbeStage;
import io.rtbench.evaluator.PrometheusEndpoint;
import io.rtbench.evaluator.ReadStage;
import io.rtbench.hosts.WorkersStage;
import io.rtbench.producer.ProducerStage;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.local.ConnectWorkerConfig;
import io.rtbench.servers.local.MachineUtilisation;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What {@code run}, {@code sweep}, {@code peak}, {@code calibrate} and {@code quickstart} hand the engine: the servers
 * (started here with {@code --servers local}), then the stages of the whole pipeline in the order they act: producer →
 * sink (bridge, Connect or the database's own consumer; none for {@code direct}) → probe → reads (workload
 * {@code mixed}) → the target's utilisation (where a source can read it) → backlog → audit.
 */
final class PipelineAssembly implements Engine.Assembly {

    private static final Duration AUDIT_QUIET = Duration.ofSeconds(15);
    /** The database joins its group and shows it consumes: seconds normally, 15 s seen on a loaded 2-core machine. */
    private static final Duration NATIVE_START_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration BACKLOG_TIMEOUT = Duration.ofSeconds(5);

    private final RunSpec spec;
    private final ServerProvider provider;
    private final String connectPluginPath;
    private final String prometheusHost;
    private final int prometheusPort;
    private final int workers;
    private RunServers sharedServers;

    /** @param prometheusPort where /metrics is served during the run (0: nowhere) */
    PipelineAssembly(
            RunSpec spec,
            ServerProvider provider,
            String connectPluginPath,
            String prometheusHost,
            int prometheusPort) {
        this(spec, provider, connectPluginPath, prometheusHost, prometheusPort, 0);
    }

    /**
     * @param workers with 1 or more, {@code rtbench worker} hosts produce and probe (docs/GUIDE.md, "Several hosts"):
     *     their {@link WorkersStage} stands where the producer and the probe stand; the sink, backlog and audit stay here
     */
    PipelineAssembly(
            RunSpec spec,
            ServerProvider provider,
            String connectPluginPath,
            String prometheusHost,
            int prometheusPort,
            int workers) {
        this.spec = spec;
        this.provider = provider;
        this.connectPluginPath = connectPluginPath;
        this.prometheusHost = prometheusHost;
        this.prometheusPort = prometheusPort;
        if (workers > 0 && !(spec.workload() instanceof Workload.Ingest)) {
            // workers produce and probe appends only: no change histories, no reads (SeveralHosts says it to users)
            throw new IllegalArgumentException("--workers runs workload ingest only");
        }
        this.workers = workers;
    }

    /** The servers, kept across forks unless each fork gets fresh ones (docs/MEASUREMENT.md, "Repetitions"). */
    @Override
    public void openShared(RunResources run) {
        if (!spec.repetitions().forkServers()) {
            sharedServers = run.add(RunServers.start(spec, provider, connectPluginPath, run::progress));
        }
    }

    /** One fork: its own collection, topic and consumer group or connector ({@link RunSpec#forFork}). */
    @Override
    public void open(RunResources run) {
        RunSpec spec = this.spec.forFork(run.fork());
        MeterRegistry registry = PrometheusEndpoint.forRun(run, prometheusHost, prometheusPort);
        MixedSettings mixed = spec.workload().mixed().orElse(null);
        ReadCandidates candidates = mixed == null ? null : MixedReads.candidates(spec, mixed);
        RunServers servers = sharedServers != null
                ? sharedServers
                : run.add(RunServers.start(spec, provider, connectPluginPath, run::progress));
        run.progress("preparing the " + spec.target().kind() + " target and the "
                + spec.pipeline().cliName() + " pipeline");
        TargetConfig target = spec.target(servers.targetUrl(), servers.credentials());
        if (workers > 0) {
            openWithWorkers(run, spec, registry, servers, target);
            return;
        }
        ProducerStage producer = run.add(new ProducerStage(
                RunSpecMapping.producer(spec, servers.bootstrapServers(), target),
                EpochClock.SYSTEM,
                UUID.randomUUID().toString()));
        if (candidates != null) {
            producer.feedReads(candidates, mixed.users());
        }
        Sink sink = openSink(run, spec, servers, target);
        boolean dml = spec.workload().dml().isPresent();
        ProbeStage probe = run.add(new ProbeStage(
                target,
                spec.probe().interval(),
                spec.probe().timeout(),
                EpochClock.SYSTEM,
                registry,
                producer::generatorIds,
                dml ? producer::changeHistories : null));
        watch(run, spec, registry, probe.target());
        if (candidates != null) {
            ReadStage reads = run.add(new ReadStage(
                    target, mixed, spec.probe().timeout(), spec.pacing().docSize(), candidates, registry));
            run.onTick(reads::tick);
        }
        BacklogStage backlog = sample(run, spec, registry, servers, target, sink.consumerGroup(), probe.metrics());
        AuditStage audit = audit(
                run,
                probe.target(),
                probe.metrics(),
                producer::producedByGenerator,
                producer::newestEventTimes,
                producer::failedEvents,
                spec.run().auditTimeout());
        if (dml) {
            audit.withChanges(producer::changeHistories);
        }
        if (!spec.faults().isEmpty()) {
            faults(run, spec, registry, servers.injections(spec.faults(), sink.faults()), probe, backlog);
        }
    }

    /** {@code --fault} (docs/MEASUREMENT.md, "Freshness under faults"): the stage that injects them and measures them. */
    private static void faults(
            RunResources run,
            RunSpec spec,
            MeterRegistry registry,
            Map<FaultKind, Injection> injections,
            ProbeStage probe,
            BacklogStage backlog) {
        TimedSamples data = probe.metrics().keepTimedData();
        run.add(new FaultStage(
                spec.faults(),
                injections,
                data::points,
                backlog == null ? List::of : backlog::backlogPoints,
                run.forks() > 1 ? run.fork() : null,
                registry,
                spec.target().kind()));
    }

    /**
     * A fork whose events {@code rtbench worker} hosts produce and probe (docs/GUIDE.md, "Several hosts"): the sink,
     * the samplers and the audit of what landed of all of them stay here.
     */
    private void openWithWorkers(
            RunResources run, RunSpec spec, MeterRegistry registry, RunServers servers, TargetConfig target) {
        // the workers probe their own generators; the audit here counts what landed of all of them. The target is
        // reached before the wait for workers, so that an unreachable one fails at once rather than after that wait
        Target auditTarget = run.own(Targets.open(target));
        watch(run, spec, registry, auditTarget);
        WorkersStage remote = run.add(new WorkersStage(
                WorkersPlan.workerSpec(spec),
                spec.kafka().bootstrapServers(),
                workers,
                spec.kafka().clientConfig(),
                spec.start().connectTimeout(),
                run::progress));
        String consumerGroup = openSink(run, spec, servers, target).consumerGroup();
        EvaluatorMetrics metrics = new EvaluatorMetrics(registry, spec.target().kind());
        sample(run, spec, registry, servers, target, consumerGroup, metrics);
        audit(
                run,
                auditTarget,
                metrics,
                remote::producedByGenerator,
                remote::newestEventTimes,
                remote::failedEvents,
                spec.run().auditTimeout());
    }

    /**
     * The sink's stage as the rest of the pipeline sees it.
     *
     * @param consumerGroup the group whose backlog it leaves; null for none
     * @param faults how {@code sink-kill} and {@code rebalance} are done to it; null where rtbench does neither
     */
    private record Sink(String consumerGroup, SinkFaults faults) {}

    /** The stage that lands the events in the target. */
    private static Sink openSink(RunResources run, RunSpec spec, RunServers servers, TargetConfig target) {
        SinkTopic sinkTopic = new SinkTopic(
                servers.bootstrapServers(),
                spec.kafka().clientConfig(),
                spec.kafka().topic(),
                spec.start().connectTimeout());
        return switch (spec.pipeline()) {
            case KAFKA_BRIDGE -> {
                BridgeSettings bridge = bridgeSettings(spec, servers.bootstrapServers(), target);
                sinkTopic.startAtEnd(bridge.groupId()).ifPresent(run::note);
                if (spec.faults().stream().anyMatch(fault -> fault.kind() == FaultKind.REBALANCE)) {
                    requireMovablePartitions(sinkTopic, spec);
                }
                BridgeStage stage = run.add(new BridgeStage(bridge, false, run::stopRequested));
                yield new Sink(stage.consumerGroup(), stage);
            }
            case KAFKA_CONNECT -> {
                ConnectStage stage =
                        run.add(new ConnectStage(spec, servers.connectUrl(), target, sinkTopic, run::note));
                yield new Sink(
                        stage.consumerGroup(),
                        ConnectFaults.of(servers.connectWorker(), stage).orElse(null));
            }
            case NATIVE ->
                new Sink(
                        run.add(new NativeStage(
                                        spec.target()
                                                .provider()
                                                .nativeIngest(target)
                                                .orElseThrow(),
                                        new NativeIngest.Source(
                                                servers.bootstrapServers(),
                                                null,
                                                spec.kafka().topic(),
                                                null,
                                                spec.values().valueFormat().cliName(),
                                                spec.kafka().clientConfig()),
                                        NATIVE_START_TIMEOUT))
                                .consumerGroup(),
                        null);
            case DIRECT -> new Sink(null, null);
        };
    }

    /**
     * {@code --fault rebalance} on the topic as the run finds it, which a broker of the user's may hold already with
     * fewer partitions than the one the run creates: a usage error (exit 2) when no more than the bridge's consumers.
     */
    private static void requireMovablePartitions(SinkTopic topic, RunSpec spec) {
        Optional<Integer> partitions = topic.partitions();
        if (partitions.isPresent()) {
            try {
                FaultChecks.requireMovablePartitions(
                        "topic " + spec.kafka().topic(),
                        partitions.get(),
                        spec.bridge().threads());
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
    }

    /** The collection made before the first event, and the stages' gauges on every tick. */
    private static void watch(RunResources run, RunSpec spec, MeterRegistry registry, Target auditTarget) {
        auditTarget.ensureCollection();
        run.onTick(new StageGauges(registry, spec.target().kind())::tick);
    }

    /**
     * The samplers beside the probe: the target's, the harness's and the machine's utilisation where a source reads
     * them, the sink's backlog (returned; null without a sink).
     */
    private static BacklogStage sample(
            RunResources run,
            RunSpec spec,
            MeterRegistry registry,
            RunServers servers,
            TargetConfig target,
            String consumerGroup,
            EvaluatorMetrics metrics) {
        UtilisationSampler.Sources utilisation = new UtilisationSampler.Sources(
                servers.targetUtilisation(spec.target().kind(), target).orElse(null),
                servers.harnessUtilisation(),
                MachineUtilisation.ofThisMachine().orElse(null));
        if (!utilisation.isEmpty()) {
            run.add(new UtilisationSampler(
                    utilisation, new UtilisationGauges(registry, spec.target().kind())::readings));
        }
        if (consumerGroup == null) {
            return null;
        }
        return run.add(new BacklogStage(
                new BacklogSampler(
                        servers.bootstrapServers(),
                        spec.kafka().clientConfig(),
                        consumerGroup,
                        spec.kafka().topic(),
                        BACKLOG_TIMEOUT),
                spec.run().drainTimeout(),
                metrics,
                new BacklogStage.InFlight(spec.pacing().generators(), commitPeriod(spec))));
    }

    /** The audit of what the producers (this host's, or the workers') produced against what landed. */
    private static AuditStage audit(
            RunResources run,
            Target target,
            EvaluatorMetrics metrics,
            Supplier<Map<Long, Long>> produced,
            Supplier<Map<Long, Long>> newestEventTimes,
            LongSupplier failed,
            Duration timeout) {
        return run.add(new AuditStage(
                target,
                produced,
                newestEventTimes,
                failed,
                timeout,
                AUDIT_QUIET,
                metrics,
                AuditStage.NO_PRODUCING_TIME,
                run::progress));
    }

    /**
     * How long the sink's committed offsets trail what it wrote when it keeps up: the bridge commits as each write is
     * acknowledged, after its batch waited at most the linger; a Connect worker commits every
     * {@code offset.flush.interval.ms} (that of the workers rtbench starts; docs/CONNECT.md asks the same of others);
     * ClickHouse's Kafka engine commits with each block (its rows or its flush interval, whichever comes first), which
     * is not counted: a native step's backlog is judged by its slope against its error as before.
     */
    private static Duration commitPeriod(RunSpec spec) {
        return switch (spec.pipeline()) {
            case KAFKA_BRIDGE -> spec.bridge().linger();
            case KAFKA_CONNECT -> ConnectWorkerConfig.OFFSET_FLUSH_INTERVAL;
            case NATIVE, DIRECT -> Duration.ZERO;
        };
    }

    private static BridgeSettings bridgeSettings(RunSpec spec, String bootstrapServers, TargetConfig target) {
        return new BridgeSettings(
                bootstrapServers,
                spec.kafka().topic(),
                null,
                target,
                spec.bridge().batchSize(),
                spec.bridge().linger(),
                spec.bridge().threads(),
                spec.kafka().clientConfig(),
                spec.run().retryTimeout(),
                spec.bridge().maxInFlight(),
                spec.start().connectTimeout());
    }
}
