package io.rtbench.servers.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class or method that is about the local provider itself (its child processes, pids, service user, in-JVM
 * servers): it runs only when the servers come from the local provider, and says why it does not run otherwise
 * ({@code RTBENCH_SERVERS=docker}).
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(LocalProviderOnlyCondition.class)
public @interface LocalProviderOnly {

    /** Why the test needs the local provider. */
    String value();
}
