package io.rtbench.core.result;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** rtbench's own version, from a resource Maven fills in at build time. */
final class ToolVersion {

    private static final String VERSION = load();

    private ToolVersion() {}

    static String get() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = ToolVersion.class.getResourceAsStream("rtbench-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
