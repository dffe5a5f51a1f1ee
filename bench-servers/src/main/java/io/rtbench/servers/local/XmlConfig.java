package io.rtbench.servers.local;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small XML config tree for ClickHouse: element name to text, to a list of texts (repeated elements), or to a nested
 * tree. Dotted setting names address nested elements ({@code logger.level}). Public for the docker provider, which
 * writes the same settings into a container's config.d and users.d.
 */
public final class XmlConfig {

    private final Map<String, Object> root = new LinkedHashMap<>();

    /**
     * Sets an element: text, a list of texts (repeated elements) or an empty map (an empty element that settings may
     * fill later). A dotted name creates or reuses the parent elements; an existing value is replaced.
     */
    public XmlConfig set(String dottedName, Object value) {
        if (value instanceof Map<?, ?> map) {
            value = new LinkedHashMap<>(map);
        }
        String[] names = dottedName.split("\\.");
        Map<String, Object> parent = root;
        for (int i = 0; i < names.length - 1; i++) {
            parent = child(parent, names[i]);
        }
        parent.put(names[names.length - 1], value);
        return this;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> child(Map<String, Object> parent, String name) {
        Object existing = parent.get(name);
        if (existing instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        Map<String, Object> created = new LinkedHashMap<>();
        parent.put(name, created);
        return created;
    }

    /** The document with root element {@code rootName}. */
    public String toXml(String rootName) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n");
        element(xml, rootName, root, 0);
        return xml.toString();
    }

    private static void element(StringBuilder xml, String name, Object value, int depth) {
        String indent = "    ".repeat(depth);
        if (value instanceof Map<?, ?> children) {
            xml.append(indent).append('<').append(name).append(">\n");
            children.forEach((childName, childValue) -> element(xml, (String) childName, childValue, depth + 1));
            xml.append(indent).append("</").append(name).append(">\n");
        } else if (value instanceof List<?> values) {
            values.forEach(each -> element(xml, name, each, depth));
        } else {
            xml.append(indent).append('<').append(name).append('>');
            xml.append(escape(String.valueOf(value)));
            xml.append("</").append(name).append(">\n");
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
