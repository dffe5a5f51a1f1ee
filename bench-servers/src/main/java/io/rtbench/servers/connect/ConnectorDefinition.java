package io.rtbench.servers.connect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.IoReasons;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A connector to deploy on a Kafka Connect worker: its name and its config, as the REST API takes them. Any connector,
 * rtbench's own sink or a third-party one (e.g. the Debezium JDBC sink), usually read from a JSON file.
 *
 * @param name the connector's name on the worker
 * @param config the connector's settings ({@code connector.class}, {@code topics}, …), without {@code name}
 */
public record ConnectorDefinition(String name, Map<String, String> config) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(rtbench\\.[A-Za-z0-9_.-]+)}");

    public ConnectorDefinition {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a connector needs a name");
        }
        if (name.contains("/")) {
            throw new IllegalArgumentException("connector name '" + name + "' must not contain '/'");
        }
        Map<String, String> copy = new LinkedHashMap<>(Objects.requireNonNull(config, "config"));
        copy.remove("name");
        if (!copy.containsKey("connector.class")) {
            throw new IllegalArgumentException("connector '" + name + "' has no connector.class");
        }
        config = Collections.unmodifiableMap(copy);
    }

    /**
     * Reads the REST API's form, {@code {"name": "…", "config": {…}}}, or a plain config object that holds
     * {@code name}. Numbers and booleans become their text, as Connect stores them.
     */
    public static ConnectorDefinition fromJson(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("connector definition is not JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("connector definition must be a JSON object");
        }
        JsonNode config = root.has("config") ? root.get("config") : root;
        if (!config.isObject()) {
            throw new IllegalArgumentException("connector definition: 'config' must be a JSON object");
        }
        String name = root.path("name").asText(config.path("name").asText(null));
        Map<String, String> settings = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : config.properties()) {
            JsonNode value = field.getValue();
            if (value.isContainerNode()) {
                throw new IllegalArgumentException(
                        "connector definition: setting '" + field.getKey() + "' must be a string, number or boolean");
            }
            settings.put(field.getKey(), value.isNull() ? null : value.asText());
        }
        return new ConnectorDefinition(name, settings);
    }

    /**
     * Reads a connector file.
     *
     * @throws IllegalArgumentException naming the file and why it cannot be read or is not a connector definition
     */
    public static ConnectorDefinition read(Path file) {
        String json;
        try {
            json = Files.readString(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": " + IoReasons.of(e), e);
        }
        try {
            return fromJson(json);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** A definition shipped as a class-path resource, e.g. {@code debezium-jdbc-postgres.json} in this package. */
    public static ConnectorDefinition resource(String name) {
        try (InputStream in = ConnectorDefinition.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no connector definition resource " + name);
            }
            return fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read connector definition " + name + ": " + e.getMessage(), e);
        }
    }

    public ConnectorDefinition withName(String newName) {
        return new ConnectorDefinition(newName, config);
    }

    /** This definition with settings added or replaced. */
    public ConnectorDefinition with(Map<String, String> settings) {
        Map<String, String> merged = new LinkedHashMap<>(config);
        merged.putAll(settings);
        return new ConnectorDefinition(name, merged);
    }

    public ConnectorDefinition with(String setting, String value) {
        return with(Map.of(setting, value));
    }

    /**
     * This definition with every {@code ${rtbench.NAME}} in its values replaced by {@code values.get("rtbench.NAME")}:
     * how a connector file refers to what only the run knows (the topic, the table, the address of a server it
     * started). Other {@code ${…}} stay, for Connect's own config providers ({@code ${env:VAR}}).
     *
     * @throws IllegalArgumentException naming a {@code ${rtbench.…}} that {@code values} lacks
     */
    public ConnectorDefinition withPlaceholders(Map<String, String> values) {
        Map<String, String> resolved = new LinkedHashMap<>();
        for (Map.Entry<String, String> setting : config.entrySet()) {
            resolved.put(setting.getKey(), resolve(setting.getKey(), setting.getValue(), values));
        }
        return new ConnectorDefinition(name, resolved);
    }

    private String resolve(String setting, String value, Map<String, String> values) {
        if (value == null) {
            return null;
        }
        Matcher placeholder = PLACEHOLDER.matcher(value);
        StringBuilder out = new StringBuilder();
        while (placeholder.find()) {
            String replacement = values.get(placeholder.group(1));
            if (replacement == null) {
                throw new IllegalArgumentException("connector '" + name + "' setting '" + setting + "' uses ${"
                        + placeholder.group(1) + "}; known: "
                        + values.keySet().stream()
                                .sorted()
                                .map(k -> "${" + k + "}")
                                .toList());
            }
            placeholder.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        placeholder.appendTail(out);
        return out.toString();
    }

    /** The config as the REST API's {@code PUT /connectors/{name}/config} takes it. */
    String configJson() {
        try {
            return JSON.writeValueAsString(config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
