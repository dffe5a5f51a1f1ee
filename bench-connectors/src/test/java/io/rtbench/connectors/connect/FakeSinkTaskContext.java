package io.rtbench.connectors.connect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;

/**
 * What a task tells Connect: the timeouts it asked for, the partitions it paused and resumed, and the records it
 * reported as errant.
 */
final class FakeSinkTaskContext implements SinkTaskContext {

    final List<Long> timeoutsMs = new ArrayList<>();
    final Set<TopicPartition> assignment = new HashSet<>();
    final Set<TopicPartition> paused = new HashSet<>();
    final List<String> pauses = new ArrayList<>();
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
        return Set.copyOf(assignment);
    }

    @Override
    public void pause(TopicPartition... partitions) {
        paused.addAll(List.of(partitions));
        pauses.add("pause "
                + new TreeSet<>(List.of(partitions).stream()
                        .map(TopicPartition::toString)
                        .toList()));
    }

    @Override
    public void resume(TopicPartition... partitions) {
        List.of(partitions).forEach(paused::remove);
        pauses.add("resume "
                + new TreeSet<>(List.of(partitions).stream()
                        .map(TopicPartition::toString)
                        .toList()));
    }

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
