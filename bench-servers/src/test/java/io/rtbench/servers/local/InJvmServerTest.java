package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** How an in-JVM server is started in a thread group of its own (docs/MEASUREMENT.md, "The harness and the machine"). */
class InJvmServerTest {

    private final ThreadGroup group = new ThreadGroup("in-jvm-server-test");

    @Test
    void theWorkRunsInTheGroupAndSoDoTheThreadsItStarts() throws InterruptedException {
        AtomicReference<Thread> started = new AtomicReference<>();
        AtomicReference<ThreadGroup> startedIn = new AtomicReference<>();

        ThreadGroup ranIn = InJvmServer.callIn(group, () -> {
            Thread thread =
                    new Thread(() -> startedIn.set(Thread.currentThread().getThreadGroup()), "started-by-the-server");
            started.set(thread);
            thread.start();
            return Thread.currentThread().getThreadGroup();
        });
        started.get().join(10_000);

        assertThat(ranIn).isSameAs(group);
        assertThat(startedIn).hasValue(group);
    }

    @Test
    void whatTheWorkThrowsIsThrownToTheCallerAsItWasOrAsIllegalStateWhenChecked() {
        IllegalArgumentException thrown = new IllegalArgumentException("bad setting");
        assertThatThrownBy(() -> InJvmServer.callIn(group, () -> {
                    throw thrown;
                }))
                .isSameAs(thrown);
        assertThatThrownBy(() -> InJvmServer.callIn(group, () -> {
                    throw new IOException("disk full");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("disk full")
                .hasCauseInstanceOf(IOException.class);
    }

    @Test
    void anInterruptOfTheCallerReachesTheWorkWhichIsStillWaitedFor() throws InterruptedException {
        CountDownLatch working = new CountDownLatch(1);
        AtomicBoolean workInterrupted = new AtomicBoolean();
        AtomicBoolean callerStillInterrupted = new AtomicBoolean();
        AtomicReference<String> result = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            result.set(InJvmServer.callIn(group, () -> {
                working.countDown();
                try {
                    new CountDownLatch(1).await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    workInterrupted.set(true);
                }
                return "stopped";
            }));
            callerStillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        caller.start();
        assertThat(working.await(30, TimeUnit.SECONDS)).isTrue();

        caller.interrupt();
        caller.join(30_000);

        assertThat(workInterrupted).isTrue();
        assertThat(result).hasValue("stopped");
        assertThat(callerStillInterrupted).as("the caller's interrupt is kept").isTrue();
    }
}
