package io.rtbench.connectors.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.connectors.common.HttpEndpoint;
import io.rtbench.connectors.common.TargetApiUtilisation;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.utilisation.CumulativeCpu;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.function.LongSupplier;

/**
 * OpenSearch's and Elasticsearch's utilisation from {@code _nodes/stats} (docs/MEASUREMENT.md, "Target utilisation"),
 * summed over the cluster's nodes: CPU from each node's {@code process.cpu.total_in_millis} (the server JVM's
 * cumulative CPU time) over the wall time between readings, disk from {@code indices.store.size_in_bytes} (the
 * indices' files). Resident memory is absent: the API reports the JVM heap and the process's virtual size, neither of
 * which is resident memory.
 */
final class SearchEngineUtilisation extends TargetApiUtilisation {

    /** Only the store of the index statistics: the others cost the server a walk of every shard's counters. */
    static final String PATH = "/_nodes/stats/process,indices/store"
            + "?filter_path=nodes.*.process.cpu.total_in_millis,nodes.*.indices.store.size_in_bytes";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LongSupplier nanoClock;
    private final CumulativeCpu cpu = new CumulativeCpu();
    private HttpEndpoint http;

    SearchEngineUtilisation(TargetConfig config) {
        this(config, System::nanoTime);
    }

    SearchEngineUtilisation(TargetConfig config, LongSupplier nanoClock) {
        super(config);
        this.nanoClock = nanoClock;
    }

    @Override
    public Reading read() {
        if (http == null) {
            http = new HttpEndpoint(config);
        }
        HttpEndpoint.Response response = http.send("GET", PATH, null, null, "reading _nodes/stats");
        long nowNanos = nanoClock.getAsLong();
        if (!response.isSuccess()) {
            throw http.errors().failed("reading _nodes/stats", response.describe());
        }
        return reading(response.body(), nowNanos);
    }

    /** The figures of one {@code _nodes/stats} answer. */
    Reading reading(byte[] body, long nowNanos) {
        JsonNode nodes;
        try {
            nodes = JSON.readTree(body).path("nodes");
        } catch (IOException e) {
            throw new UncheckedIOException("_nodes/stats is not JSON: " + e.getMessage(), e);
        }
        long cpuMillis = 0;
        long storeBytes = 0;
        boolean anyCpu = false;
        boolean anyStore = false;
        for (Iterator<JsonNode> each = nodes.elements(); each.hasNext(); ) {
            JsonNode node = each.next();
            JsonNode millis = node.path("process").path("cpu").path("total_in_millis");
            if (millis.canConvertToLong() && millis.asLong() >= 0) {
                cpuMillis += millis.asLong();
                anyCpu = true;
            }
            JsonNode store = node.path("indices").path("store").path("size_in_bytes");
            if (store.canConvertToLong()) {
                storeBytes += store.asLong();
                anyStore = true;
            }
        }
        Double cpuPercent = anyCpu ? cpu.percent(cpuMillis / 1000.0, nowNanos) : null;
        return new Reading(cpuPercent, null, anyStore ? storeBytes : null);
    }

    @Override
    public void close() {
        if (http != null) {
            http.close();
        }
    }
}
