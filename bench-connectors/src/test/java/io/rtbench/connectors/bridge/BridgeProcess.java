package io.rtbench.connectors.bridge;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import io.rtbench.core.time.EpochClock;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A bridge in a JVM of its own, for tests that kill it: runs until it is killed or fails (exit 1 with the reason).
 * Prints {@value #RUNNING} once its consumers are started, then {@value #WRITTEN} and the number of events written so
 * far every 20 ms, so that a test can kill it at a point of its choosing without querying the target.
 *
 * <p>Arguments: {@code BOOTSTRAP TOPIC KIND URL COLLECTION BATCH_SIZE MAX_IN_FLIGHT [OPTION=VALUE,…]} (target options,
 * e.g. {@code workload=dml}).
 */
public final class BridgeProcess {

    static final String RUNNING = "bridge running";
    static final String WRITTEN = "written ";

    private BridgeProcess() {}

    public static void main(String[] args) throws InterruptedException {
        Map<String, String> options = new HashMap<>();
        if (args.length > 7) {
            for (String option : args[7].split(",")) {
                String[] nameAndValue = option.split("=", 2);
                options.put(nameAndValue[0], nameAndValue[1]);
            }
        }
        TargetConfig target =
                new TargetConfig(args[2], URI.create(args[3]), args[4], null, Duration.ofSeconds(10), options);
        BridgeSettings settings = new BridgeSettings(
                args[0],
                args[1],
                null,
                target,
                Integer.parseInt(args[5]),
                BridgeSettings.DEFAULT_LINGER,
                2,
                // A killed bridge's partitions go to the next one only when its session times out: the shortest that
                // the broker allows (group.min.session.timeout.ms), not the client's default 45 s, which would be
                // most of a kill test's time. What is at least once does not depend on it.
                Map.of("session.timeout.ms", "6000", "heartbeat.interval.ms", "2000"),
                Duration.ofMinutes(2),
                Integer.parseInt(args[6]),
                BridgeSettings.DEFAULT_CONNECT_TIMEOUT);
        try (Target sink = Targets.open(target);
                Bridge bridge = new Bridge(settings, sink, EpochClock.SYSTEM)) {
            bridge.start();
            System.out.println(RUNNING);
            System.out.flush();
            while (bridge.failure() == null) {
                System.out.println(WRITTEN + bridge.stats().written());
                System.out.flush();
                Thread.sleep(20);
            }
            System.out.println("bridge failed: " + bridge.failure().getMessage());
            System.exit(1);
        }
    }
}
