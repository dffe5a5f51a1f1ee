package io.rtbench.report;

/** Escaping for text and attribute values: every string that comes from a result file goes through here. */
final class Html {

    private Html() {}

    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A table cell of {@code value}, escaped; marked bad (red) when {@code bad}. */
    static void cell(StringBuilder out, String value, boolean bad) {
        out.append(bad ? "<td class=\"bad\">" : "<td>").append(escape(value)).append("</td>");
    }
}
