package io.rtbench.connectors.connect;

import io.rtbench.core.target.Targets;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/** Checks of single settings, run by Connect's validation (REST) and when the connector or a task starts. */
final class SettingValidators {

    private SettingValidators() {}

    /** The known driver kinds, checked when the config is validated (REST) or the connector starts. */
    static final class KnownKind implements ConfigDef.Validator {
        @Override
        public void ensureValid(String name, Object value) {
            String kind = value == null ? "" : value.toString().trim();
            if (kind.isEmpty()) {
                throw new ConfigException(name, value, "is required");
            }
            if (!Targets.providers().containsKey(kind)) {
                throw new ConfigException(
                        name,
                        value,
                        "unknown target kind; known kinds: "
                                + String.join(", ", Targets.providers().keySet()));
            }
        }

        @Override
        public String toString() {
            return String.join(", ", Targets.providers().keySet());
        }
    }

    static final class UrlWithoutPassword implements ConfigDef.Validator {
        @Override
        public void ensureValid(String name, Object value) {
            if (value == null || value.toString().isBlank()) {
                return;
            }
            URI url;
            try {
                url = new URI(value.toString().trim());
            } catch (URISyntaxException e) {
                throw new ConfigException(name, value, "is not a URL: " + e.getReason());
            }
            if (hasPassword(url)) {
                // Not echoing the value: it holds the credentials.
                throw new ConfigException(name + " must not contain a password (the connector config is"
                        + " stored in Kafka and shown by the REST API); use " + RtbenchSinkConfig.CREDENTIALS_FILE
                        + " or the worker's environment");
            }
        }
    }

    /**
     * Whether the URL holds a password ({@code user:password@}), also inside {@code jdbc:postgresql://…}, which is
     * opaque to {@link URI}. A user name alone is no secret: {@code rtbench servers start postgres} prints
     * {@code postgresql://rtbench@127.0.0.1:P/rtbench}.
     */
    static boolean hasPassword(URI url) {
        if (!url.isOpaque()) {
            return url.getRawUserInfo() != null && url.getRawUserInfo().contains(":");
        }
        try {
            return hasPassword(new URI(url.getRawSchemeSpecificPart()));
        } catch (URISyntaxException e) {
            String rest = url.getRawSchemeSpecificPart();
            return rest.contains("@") && rest.substring(0, rest.indexOf('@')).contains(":");
        }
    }

    static final class CollectionName implements ConfigDef.Validator {
        @Override
        public void ensureValid(String name, Object value) {
            String collection = value == null ? "" : value.toString();
            if (!collection.matches("[a-z0-9_][a-z0-9_.-]*")) {
                throw new ConfigException(
                        name, value, "must be lower-case letters, digits, '_', '.' or '-' (an index and a table name)");
            }
        }
    }
}
