package io.rtbench.connectors.connect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;

/** What a task tells Connect: the backoff it asked for and the records it reported as errant. */
final class FakeSinkTaskContext implements SinkTaskContext {

    final List<Long> timeoutsMs = new ArrayList<>();
    final List<SinkRecord> reported = new ArrayList<>();
    final List<Throwable> reasons = new ArrayList<>();
    private final boolean withReporter;

    FakeSinkTaskContext(boolean withReporter) {
        this.withReporter = withReporter;
    }

    @Override
    public Map<String, String> configs() {
        return Map.of();
    }

    @Override
    public void offset(Map<TopicPartition, Long> offsets) {}

    @Override
    public void offset(TopicPartition partition, long offset) {}

    @Override
    public void timeout(long timeoutMs) {
        timeoutsMs.add(timeoutMs);
    }

    @Override
    public Set<TopicPartition> assignment() {
        return Set.of();
    }

    @Override
    public void pause(TopicPartition... partitions) {}

    @Override
    public void resume(TopicPartition... partitions) {}

    @Override
    public void requestCommit() {}

    @Override
    public ErrantRecordReporter errantRecordReporter() {
        if (!withReporter) {
            return null;
        }
        return this::report;
    }

    private Future<Void> report(SinkRecord record, Throwable reason) {
        reported.add(record);
        reasons.add(reason);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public PluginMetrics pluginMetrics() {
        return null;
    }
}
