package io.rtbench.core.event;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Test helpers that look at generated documents through Jackson, independently of the generator's own code. */
final class DocumentTrees {

    /** Fails on a repeated key, which would otherwise silently hide a field. */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private DocumentTrees() {}

    static ObjectNode parse(byte[] json) {
        try {
            JsonNode node = MAPPER.readTree(json);
            if (!(node instanceof ObjectNode object)) {
                throw new AssertionError("not a JSON object: " + node);
            }
            return object;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "invalid JSON: " + new String(json, java.nio.charset.StandardCharsets.UTF_8), e);
        }
    }

    /** Distinct leaf paths, array elements collapsed: {@code friends[].name}, {@code tags[]}. */
    static Set<String> leafPaths(JsonNode root) {
        Set<String> paths = new TreeSet<>();
        collect(root, "", paths);
        return paths;
    }

    private static void collect(JsonNode node, String path, Set<String> paths) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                collect(field.getValue(), path.isEmpty() ? field.getKey() : path + "." + field.getKey(), paths);
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                collect(element, path + "[]", paths);
            }
        } else {
            paths.add(path);
        }
    }

    /** Pools whose every value has exactly its cap's length: the worst case for the document size. */
    static ValuePools longestValuePools() {
        Pool[] pools = Pool.values();
        byte[][][] values = new byte[pools.length][][];
        for (Pool pool : pools) {
            String value = pool.kind == Pool.Kind.TEXT
                    ? "\"" + "x".repeat(pool.maxBytes - 2) + "\""
                    : "9".repeat(pool.maxBytes);
            byte[] encoded = value.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            values[pool.ordinal()] = new byte[ValuePools.POOL_SIZE][];
            java.util.Arrays.fill(values[pool.ordinal()], encoded);
        }
        byte[] about = "y".repeat(ValuePools.ABOUT_TEXT_BYTES).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        return new ValuePools(values, about);
    }
}
