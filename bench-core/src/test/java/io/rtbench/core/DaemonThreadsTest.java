package io.rtbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DaemonThreadsTest {

    @Test
    void namedThreadsAreDaemonsThatCarryTheName() {
        ThreadFactory factory = DaemonThreads.named("rtbench-test");

        Thread first = factory.newThread(() -> {});
        Thread second = factory.newThread(() -> {});

        assertThat(first.isDaemon()).isTrue();
        assertThat(first.getName()).isEqualTo("rtbench-test");
        assertThat(second.getName()).isEqualTo("rtbench-test");
    }

    @Test
    void numberedThreadsAreToldApart() {
        ThreadFactory factory = DaemonThreads.numbered("rtbench-writer");

        assertThat(factory.newThread(() -> {}).getName()).isEqualTo("rtbench-writer-1");
        Thread second = factory.newThread(() -> {});
        assertThat(second.getName()).isEqualTo("rtbench-writer-2");
        assertThat(second.isDaemon()).isTrue();
    }

    @Test
    void startRunsTheBodyOnADaemonOfThatName() throws InterruptedException {
        CountDownLatch ran = new CountDownLatch(1);
        String[] seen = new String[1];

        Thread thread = DaemonThreads.start("rtbench-once", () -> {
            seen[0] = Thread.currentThread().getName();
            ran.countDown();
        });

        assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
        thread.join(5_000);
        assertThat(thread.isDaemon()).isTrue();
        assertThat(seen[0]).isEqualTo("rtbench-once");
    }
}
