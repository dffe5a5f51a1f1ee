package io.rtbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** Where the run ran; the versions are filled in once the servers have answered. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunEnvironment(
        String host, Integer cpus, String os, String jvm, String kafkaVersion, String targetVersion) {

    /** This machine and JVM; no server versions yet. */
    public static RunEnvironment detect() {
        return new RunEnvironment(
                hostName(),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                null,
                null);
    }

    public RunEnvironment withKafkaVersion(String version) {
        return new RunEnvironment(host, cpus, os, jvm, version, targetVersion);
    }

    public RunEnvironment withTargetVersion(String version) {
        return new RunEnvironment(host, cpus, os, jvm, kafkaVersion, version);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
