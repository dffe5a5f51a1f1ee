package io.rtbench.servers.docker;

import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits until a fixed URL answers 200. For containers on the host's network, which have no published port for
 * Testcontainers' own HTTP wait to map.
 */
final class HttpOkWait extends AbstractWaitStrategy {

    private final String url;

    HttpOkWait(String url) {
        this.url = url;
    }

    @Override
    protected void waitUntilReady() {
        long deadlineNanos = System.nanoTime() + startupTimeout.toNanos();
        while (!Containers.answersOk(url)) {
            if (!waitStrategyTarget.isRunning()) {
                throw new ContainerLaunchException("the container exited before " + url + " answered");
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new ContainerLaunchException(
                        url + " did not answer 200 within " + startupTimeout.toSeconds() + " s");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ContainerLaunchException("interrupted while waiting for " + url, e);
            }
        }
    }
}
