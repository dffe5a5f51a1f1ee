package io.rtbench.connectors.connect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;

/**
 * rtbench's own Kafka Connect sink (the {@code kafka-connect} pipeline): writes rtbench events from Kafka to any target
 * rtbench has a driver for, through the same drivers as the bridge. Settings: {@link RtbenchSinkConfig}; install: the
 * plugin directory {@code bench-connectors/target/connect-plugin/rtbench-sink} on the worker's {@code plugin.path}
 * (see docs/CONNECT.md). Converters must pass the documents through as they were produced:
 * {@code key.converter} and {@code value.converter} {@code org.apache.kafka.connect.converters.ByteArrayConverter}
 * ({@link RtbenchSinkConfig#connectorConfig} sets them).
 */
public final class RtbenchSinkConnector extends SinkConnector {

    private Map<String, String> settings;

    /** The version of the jar the plugin was loaded from ({@code Implementation-Version}), else {@code unknown}. */
    static String pluginVersion() {
        String version = RtbenchSinkConnector.class.getPackage().getImplementationVersion();
        return version == null ? "unknown" : version;
    }

    @Override
    public String version() {
        return pluginVersion();
    }

    /** Validates the settings (an unknown target kind or a secret in the config fails here, before any task). */
    @Override
    public void start(Map<String, String> props) {
        RtbenchSinkConfig.rejectSecrets(props);
        new AbstractConfig(RtbenchSinkConfig.configDef(), props, false);
        this.settings = Map.copyOf(props);
    }

    /**
     * Connect's validation (the REST API checks it before storing a config) plus the rule that no secret goes into the
     * config. The offending value is not echoed.
     */
    @Override
    public Config validate(Map<String, String> props) {
        Config config = super.validate(props);
        List<String> secrets = RtbenchSinkConfig.secretLookingSettings(props);
        if (secrets.isEmpty()) {
            return config;
        }
        List<ConfigValue> values = new ArrayList<>(config.configValues());
        for (String name : secrets) {
            values.add(new ConfigValue(name, null, List.of(), List.of(RtbenchSinkConfig.secretMessage(name))));
        }
        return new Config(values);
    }

    @Override
    public Class<? extends Task> taskClass() {
        return RtbenchSinkTask.class;
    }

    /** Every task gets the same settings and its number, which names its metrics log. */
    @Override
    public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> configs = new ArrayList<>(maxTasks);
        for (int i = 0; i < maxTasks; i++) {
            Map<String, String> task = new HashMap<>(settings);
            task.put(RtbenchSinkConfig.TASK_ID, Integer.toString(i));
            configs.add(task);
        }
        return configs;
    }

    @Override
    public void stop() {}

    @Override
    public ConfigDef config() {
        return RtbenchSinkConfig.configDef();
    }
}
