package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;

/** Pre-encodes pool values once, so the hot path only copies bytes. */
final class JsonText {

    private JsonText() {}

    /** The content of a JSON string literal for {@code value} (no quotes), UTF-8, escaped as RFC 8259 requires. */
    static byte[] escape(String value) {
        StringBuilder escaped = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> escaped.append("\\\"");
                case '\\' -> escaped.append("\\\\");
                case '\n' -> escaped.append("\\n");
                case '\r' -> escaped.append("\\r");
                case '\t' -> escaped.append("\\t");
                default -> {
                    if (c < 0x20) {
                        escaped.append(String.format("\\u%04x", (int) c));
                    } else {
                        escaped.append(c);
                    }
                }
            }
        }
        return escaped.toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] ascii(String value) {
        return value.getBytes(StandardCharsets.US_ASCII);
    }
}
