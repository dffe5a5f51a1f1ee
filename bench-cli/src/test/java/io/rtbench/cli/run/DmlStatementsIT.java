package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.result.RunResult;
import io.rtbench.report.StatementRows;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.Servers;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code rtbench dml} on real databases (docs/GUIDE.md, "Statements"): the statement table, every operation run
 * {@code --repeat} times, each change seen by a fresh query, and the statements the target ran.
 */
@ExtendWith(ServersExtension.class)
@Execution(ExecutionMode.CONCURRENT) // its tests are independent: each its own topic, collection and group
@Order(SuiteOrder.LONG)
class DmlStatementsIT {

    private static final int REPEAT = 5;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "clickhouse", "opensearch", "elasticsearch"})
    void seed004sTable(
            String kind,
            @RealServer("postgres") RunningServer pg,
            @RealServer("clickhouse") RunningServer ch,
            @RealServer("opensearch") RunningServer os,
            @RealServer("elasticsearch") RunningServer es) {
        RunSpecBuilder builder = RunSpecBuilder.defaults();
        builder.target(set -> set.withKind(kind));
        builder.run(set -> set.withPipeline("direct"));
        builder.run(set -> set.withServers("external"));
        builder.target(set ->
                set.withUrl(URI.create(Map.of("postgres", pg, "clickhouse", ch, "opensearch", os, "elasticsearch", es)
                        .get(kind)
                        .address())));
        builder.target(set -> set.withCollection("dml_it_" + Long.toHexString(System.nanoTime())));
        builder.result = dir.resolve("dml.json");
        RunSpec run = builder.build("unused");
        StatementPlan plan = new StatementPlan(2_000, REPEAT, List.of(1, 10, 100), 1250, 1, Duration.ofSeconds(60));
        AtomicReference<Map<String, String>> statements = new AtomicReference<>();

        RunResult result = DmlCommand.run(run, plan, Servers.provider(Map.of()), Runs.quiet(), statements);

        assertThat(result.complete()).isTrue();
        List<StatementRows.Row> rows = StatementRows.rows(result.steps().get(0));
        assertThat(rows)
                .extracting(StatementRows.Row::operation, StatementRows.Row::rowsPerQuery)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("INSERT", 1),
                        org.assertj.core.groups.Tuple.tuple("INSERT", 10),
                        org.assertj.core.groups.Tuple.tuple("INSERT", 100),
                        org.assertj.core.groups.Tuple.tuple("UPDATE", 1),
                        org.assertj.core.groups.Tuple.tuple("DELETE", 1));
        for (StatementRows.Row row : rows) {
            assertThat(row.queries()).as(row.operation()).isEqualTo(REPEAT);
            assertThat(row.totalRows()).isEqualTo((long) REPEAT * row.rowsPerQuery());
            assertThat(row.median()).isPositive().isLessThanOrEqualTo(row.p95());
            assertThat(row.p95()).isLessThanOrEqualTo(row.max());
            assertThat(row.visibleP50())
                    .as("visible no earlier than the statement started")
                    .isNotNull()
                    .isPositive();
        }
        assertThat(result.scenario().prefillEvents()).isEqualTo(2_000);
        assertThat(result.steps().get(0).events().produced()).isEqualTo(2_000 + REPEAT * (1 + 10 + 100 + 2));
        assertThat(statements.get()).containsKeys("insert", "update", "delete", "visible");

        StringWriter printed = new StringWriter();
        StatementTable.print(result, statements.get(), new PrintWriter(printed));
        assertThat(printed.toString())
                .contains("prefilled with 2,000 rows")
                .contains(String.join(" ", "operation", "rows/query"))
                .contains("visibleAfter p50")
                .contains(Map.of(
                                "postgres", "UPDATE \"",
                                "clickhouse", "ALTER TABLE",
                                "opensearch", "_update",
                                "elasticsearch", "_update")
                        .get(kind));
    }
}
