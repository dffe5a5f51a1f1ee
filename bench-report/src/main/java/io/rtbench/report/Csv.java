package io.rtbench.report;

import java.util.List;

/** RFC 4180 records: fields separated by commas, records by CRLF, a field quoted when it holds {@code , " CR LF}. */
final class Csv {

    static final String RECORD_SEPARATOR = "\r\n";

    private Csv() {}

    static void appendRecord(StringBuilder out, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(fields.get(i)));
        }
        out.append(RECORD_SEPARATOR);
    }

    static String field(String value) {
        if (value == null) {
            return "";
        }
        boolean quote = value.indexOf(',') >= 0
                || value.indexOf('"') >= 0
                || value.indexOf('\r') >= 0
                || value.indexOf('\n') >= 0;
        return quote ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }
}
