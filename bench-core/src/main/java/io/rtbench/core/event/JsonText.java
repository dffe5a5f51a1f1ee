package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;

/** Encodes pool values as JSON once, at start, so the hot path only copies bytes. */
final class JsonText {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonText() {}

    /** {@code value} as a JSON string literal in UTF-8: quoted, with quote, backslash and control characters escaped. */
    static byte[] quoted(String value) {
        StringBuilder json = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                case '\b' -> json.append("\\b");
                case '\f' -> json.append("\\f");
                default -> appendPlain(json, c);
            }
        }
        return json.append('"').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A number or boolean literal, already valid JSON. */
    static byte[] literal(String value) {
        return value.getBytes(StandardCharsets.US_ASCII);
    }

    private static void appendPlain(StringBuilder json, char c) {
        if (c < 0x20) {
            json.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
        } else {
            // Everything else, non-ASCII included, is legal inside a JSON string; UTF-8 encoding happens at the end.
            json.append(c);
        }
    }
}
