package io.rtbench.servers.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link io.rtbench.servers.RunningServer} parameter of a test method that {@link ServersExtension} fills with a
 * server of the test's own: started for this test, from the same provider as the shared ones, and stopped when the
 * test ends. For tests that kill, pause, restart or reconfigure their server; every other test shares one server per
 * kind ({@link RealServer}), so that the suite starts each kind once.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface OwnServer {
    /** The server kind's command-line name, e.g. {@code "kafka"} or {@code "clickhouse"}. */
    String value();

    /** Server settings as {@code key=value} ({@code rtbench servers start --set}), e.g. a flush interval. */
    String[] settings() default {};

    /** Why the test needs a server of its own, for the reader: what it does to it (kills, freezes, reconfigures it). */
    String why();
}
