package io.rtbench.connectors.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * The admin clients rtbench makes: the user's client settings (TLS, SASL from {@code --kafka-config}) and one timeout
 * for every request, so that a broker that does not answer costs that timeout, not the client's default minute.
 */
public final class KafkaAdmins {

    private KafkaAdmins() {}

    /** An admin client of {@link #config}. */
    public static Admin create(String bootstrapServers, Map<String, ?> clientConfig, Duration timeout) {
        return Admin.create(config(bootstrapServers, clientConfig, timeout));
    }

    /**
     * The client settings with the bootstrap servers, and {@code timeout} as both the API and the request timeout;
     * also the base of a producer's settings that should give up as soon.
     */
    public static Map<String, Object> config(String bootstrapServers, Map<String, ?> clientConfig, Duration timeout) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        return config;
    }

    /** How many brokers the cluster has; the first call to a broker, so the one that finds it unreachable. */
    public static int brokers(Admin admin, Duration timeout)
            throws ExecutionException, InterruptedException, TimeoutException {
        return admin.describeCluster()
                .nodes()
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .size();
    }
}
