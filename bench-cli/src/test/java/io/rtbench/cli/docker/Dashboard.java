package io.rtbench.cli.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The provisioned Grafana dashboard of docker-compose.yml, read as Grafana reads it. */
record Dashboard(JsonNode json) {

    /** A PromQL metric name: an identifier followed by a label set, a range, or the end of a call argument. */
    private static final Pattern METRIC = Pattern.compile("\\b(rtbench_[a-z0-9_]+)\\b");

    static Dashboard read(Path repository) throws IOException {
        return new Dashboard(new ObjectMapper()
                .readTree(repository
                        .resolve("docker/compose/grafana/dashboards/rtbench.json")
                        .toFile()));
    }

    List<JsonNode> panels() {
        List<JsonNode> panels = new ArrayList<>();
        json.path("panels").forEach(panels::add);
        return panels;
    }

    List<String> expressions() {
        List<String> expressions = new ArrayList<>();
        for (JsonNode panel : panels()) {
            panel.path("targets")
                    .forEach(target -> expressions.add(target.path("expr").asText()));
        }
        return expressions;
    }

    /** Every metric name the queries use. */
    Set<String> metricNames() {
        Set<String> names = new TreeSet<>();
        for (String expression : expressions()) {
            Matcher matcher = METRIC.matcher(expression);
            while (matcher.find()) {
                names.add(matcher.group(1));
            }
        }
        return names;
    }

    /** The metric names of a Prometheus text exposition ({@code # HELP}/{@code # TYPE} lines aside). */
    static Set<String> exposedNames(String exposition) {
        Set<String> names = new TreeSet<>();
        for (String line : exposition.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }
}
