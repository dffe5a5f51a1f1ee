package io.rtbench.connectors.reference;

import io.rtbench.core.time.EpochClock;

/** A clock that moves only when told to; as a {@link Sleeper}, sleeping jumps to the deadline. */
final class FakeEpochClock implements EpochClock, Sleeper {

    private long nowMicros;
    private long sleptMicros;

    FakeEpochClock(long startMicros) {
        this.nowMicros = startMicros;
    }

    @Override
    public synchronized long epochMicros() {
        return nowMicros;
    }

    @Override
    public synchronized void sleepUntilMicros(long epochMicros) {
        if (epochMicros > nowMicros) {
            sleptMicros += epochMicros - nowMicros;
            nowMicros = epochMicros;
        }
    }

    synchronized void advanceMicros(long micros) {
        nowMicros += micros;
    }

    synchronized long sleptMicros() {
        return sleptMicros;
    }
}
