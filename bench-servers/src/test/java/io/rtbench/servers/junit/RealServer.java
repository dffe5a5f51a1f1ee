package io.rtbench.servers.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link io.rtbench.servers.RunningServer} parameter of a test (or of a {@code @BeforeAll} method) that
 * {@link ServersExtension} fills with a real server of the given kind.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface RealServer {
    /** The server kind's command-line name, e.g. {@code "kafka"} or {@code "clickhouse"}. */
    String value();
}
