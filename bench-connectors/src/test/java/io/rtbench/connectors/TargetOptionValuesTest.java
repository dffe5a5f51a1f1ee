package io.rtbench.connectors;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.target.Targets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A driver option's value is checked with its name, before any server starts: {@code pool.size=abc} was refused only
 * when the run opened the target, after Kafka and PostgreSQL had started (exit 1 instead of a usage error).
 */
class TargetOptionValuesTest {

    private static void refused(String kind, String option, String value, String expected) {
        assertThatThrownBy(() -> Targets.requireOptions(Targets.provider(kind), Map.of(option, value)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "target option " + option + "=" + value + " for " + kind + " is invalid; expected " + expected);
    }

    @Test
    void everyDriverRefusesABadValueWithoutAServer() {
        refused("postgres", "pool.size", "abc", "an integer >= 1");
        refused("opensearch", "refresh.interval", "soon", "a time value such as 1s, 500ms or -1 (off)");
        refused("elasticsearch", "shards", "0", "an integer >= 1");
        refused("clickhouse", "database", "a;b", "letters, digits, '_' or '-'");
        refused("clickhouse", "kafka.format", "CSV", "one of JSONEachRow, TabSeparated");
        refused("questdb", "partition.by", "CENTURY", "one of DAY, HOUR, WEEK, MONTH, YEAR");
        refused("reference", "visibility.delay", "soon", "a duration, e.g. 500ms, 30s, 5m, 1h or 1h30m");
    }

    @Test
    void goodValuesPass() {
        assertThatCode(() -> {
                    Targets.requireOptions(Targets.provider("postgres"), Map.of("pool.size", "8"));
                    Targets.requireOptions(
                            Targets.provider("clickhouse"), Map.of("kafka.format", "TabSeparated", "database", "x"));
                    Targets.requireOptions(Targets.provider("opensearch"), Map.of("refresh.interval", "-1"));
                    Targets.requireOptions(Targets.provider("null"), Map.of());
                })
                .doesNotThrowAnyException();
    }
}
