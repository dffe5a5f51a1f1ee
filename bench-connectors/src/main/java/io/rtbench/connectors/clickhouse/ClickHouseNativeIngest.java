package io.rtbench.connectors.clickhouse;

import io.rtbench.connectors.common.ConsumerGroupReadiness;
import io.rtbench.connectors.common.TargetErrors;
import io.rtbench.connectors.common.TargetOptionReader;
import io.rtbench.core.target.NativeIngest;
import io.rtbench.core.target.TargetConfig;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ClickHouse consuming Kafka itself (pipeline {@code native}, docs/TARGETS.md): {@link #start} creates the destination
 * table as {@link ClickHouseTarget} does, a {@code Kafka} engine table and a materialized view into the destination
 * ({@link ClickHouseKafkaDdl}), then waits until the engine's consumer group consumes ({@link ConsumerGroupReadiness});
 * {@link #close} drops the view and the engine table.
 *
 * <p>Options: {@code kafka.format} ({@code JSONEachRow}, the default: identity fields only, {@code doc} empty;
 * {@code TabSeparated}: the whole document in {@code doc}, but ClickHouse 18.16 loses a record each time a block ends
 * on its flush interval), {@code kafka.num.consumers} (1), {@code kafka.max.block.size} (rows, default
 * {@value #DEFAULT_MAX_BLOCK_SIZE}). The flush interval is not a table setting in 18.16: it is the server's
 * {@code stream_flush_interval_ms} (7,500 ms). See docs/TARGETS.md for what each does to data latency. Reads the plain
 * JSON documents only (value format {@code json}).
 */
final class ClickHouseNativeIngest implements NativeIngest {

    static final String FORMAT = "kafka.format";
    static final String CONSUMERS = "kafka.num.consumers";
    static final String MAX_BLOCK_SIZE = "kafka.max.block.size";
    static final Set<String> OPTIONS = Set.of(FORMAT, CONSUMERS, MAX_BLOCK_SIZE);

    /**
     * rtbench's default block: ClickHouse's own ({@code max_block_size}, 65,536 rows) takes half a minute to fill at a
     * few thousand events per second, so nothing would be visible during a step (docs/TARGETS.md has the measurements).
     */
    static final int DEFAULT_MAX_BLOCK_SIZE = 1_000;

    private static final Logger LOG = LoggerFactory.getLogger(ClickHouseNativeIngest.class);

    private final TargetConfig config;
    private final ClickHouseKafkaDdl ddl;
    private ClickHouseSql sql;
    private String group;
    private boolean started;

    /** Reads and checks the options; connects to nothing (the URL may not be known yet). */
    ClickHouseNativeIngest(TargetConfig config) {
        this.config = config;
        TargetOptionReader options = new TargetOptionReader(config, ClickHouseTarget.OPTIONS);
        this.ddl = new ClickHouseKafkaDdl(
                ClickHouseTarget.database(options),
                config.collection(),
                options.oneOf(FORMAT, ClickHouseKafkaDdl.JSON_EACH_ROW, ClickHouseKafkaDdl.TAB_SEPARATED),
                options.integer(CONSUMERS, 1, 1),
                options.integer(MAX_BLOCK_SIZE, DEFAULT_MAX_BLOCK_SIZE, 1),
                config.mixed());
    }

    ClickHouseKafkaDdl ddl() {
        return ddl;
    }

    @Override
    public void start(Source source, Duration timeout) {
        if (started) {
            throw new IllegalStateException("native ingestion into " + config.collection() + " was started already");
        }
        if (!source.valueFormat().toLowerCase(Locale.ROOT).equals("json")) {
            throw new IllegalArgumentException("clickhouse's native ingestion reads the plain JSON documents"
                    + " (value format json), not '" + source.valueFormat() + "'");
        }
        started = true;
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        group = source.consumerGroup() != null ? source.consumerGroup() : defaultGroup(config);
        sql = new ClickHouseSql(config, ddl.database() + "." + config.collection());
        String who = config.kind() + " at " + TargetErrors.display(config.requireUrl());
        try (ClickHouseTarget destination = new ClickHouseTarget(config)) {
            destination.ensureCollection(deadlineNanos);
            // Leftovers of a run that was killed would consume in the same group: replaced.
            dropAll(deadlineNanos);
            sql.execute(
                    deadlineNanos,
                    "creating Kafka engine table " + ddl.queueTable(),
                    ddl.createQueue(source.databaseBootstrapServers(), source.topic(), group));
            sql.execute(deadlineNanos, "creating materialized view " + ddl.view(), ddl.createView());
            Duration waited = new ConsumerGroupReadiness(source, group, ddl.consumers(), who).await(deadlineNanos);
            LOG.info(
                    "{} consumes topic {} as group {} into {} ({} consumer(s), format {}); consuming after {} ms",
                    who,
                    source.topic(),
                    group,
                    ddl.database() + "." + ddl.destination(),
                    ddl.consumers(),
                    ddl.format(),
                    waited.toMillis());
        } catch (RuntimeException e) {
            dropQuietly();
            throw e;
        }
    }

    /** {@code rtbench-native-clickhouse-<collection>}, as the bridge's group is named after target and collection. */
    static String defaultGroup(TargetConfig config) {
        return "rtbench-native-" + config.kind() + "-" + config.collection();
    }

    @Override
    public String consumerGroup() {
        if (group == null) {
            throw new IllegalStateException("native ingestion not started");
        }
        return group;
    }

    @Override
    public void close() {
        if (sql == null) {
            return;
        }
        dropQuietly();
        sql.close();
        sql = null;
    }

    private void dropAll(long deadlineNanos) {
        sql.execute(deadlineNanos, "dropping materialized view " + ddl.view(), ddl.dropView());
        sql.execute(deadlineNanos, "dropping Kafka engine table " + ddl.queueTable(), ddl.dropQueue());
    }

    private void dropQuietly() {
        try {
            dropAll(System.nanoTime() + config.timeout().toNanos());
        } catch (RuntimeException e) {
            LOG.warn("could not remove native ingestion's tables: {}", e.getMessage());
        }
    }
}
