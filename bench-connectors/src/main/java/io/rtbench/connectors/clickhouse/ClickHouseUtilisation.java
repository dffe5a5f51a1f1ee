package io.rtbench.connectors.clickhouse;

import io.rtbench.connectors.common.TargetApiUtilisation;
import io.rtbench.core.target.TargetConfig;
import java.util.List;

/**
 * ClickHouse's utilisation from its system tables (docs/MEASUREMENT.md, "Target utilisation"): disk from the active
 * parts' {@code bytes_on_disk} ({@code system.parts}, every table), resident memory from
 * {@code system.asynchronous_metrics}' {@code MemoryResident} where the server has it (newer releases; Debian's 18.16
 * has no such metric and its table is empty). CPU is absent: the server counts CPU time only for the threads of
 * queries ({@code system.events}), not for its merges and other background work, and newer releases' {@code OS*Time}
 * metrics are the whole machine's, not the server's.
 */
final class ClickHouseUtilisation extends TargetApiUtilisation {

    static final String DISK_SQL = "SELECT toString(sum(bytes_on_disk)) FROM system.parts WHERE active";
    static final String MEMORY_SQL =
            "SELECT toString(toUInt64(value)) FROM system.asynchronous_metrics WHERE metric = 'MemoryResident'";

    private ClickHouseSql sql;

    ClickHouseUtilisation(TargetConfig config) {
        super(config);
    }

    @Override
    public Reading read() {
        if (sql == null) {
            sql = new ClickHouseSql(config, "system.parts");
        }
        long diskBytes = Long.parseLong(sql.selectRow("reading system.parts", DISK_SQL)[0]);
        List<String[]> memory = sql.selectRows("reading system.asynchronous_metrics", MEMORY_SQL);
        Long rssBytes = memory.isEmpty() ? null : Long.parseLong(memory.get(0)[0]);
        return new Reading(null, rssBytes, diskBytes);
    }

    @Override
    public void close() {
        if (sql != null) {
            sql.close();
        }
    }
}
