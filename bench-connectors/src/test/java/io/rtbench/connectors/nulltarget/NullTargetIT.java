package io.rtbench.connectors.nulltarget;

import io.rtbench.connectors.TargetContractIT;
import io.rtbench.core.target.TargetConfig;
import java.util.Map;

/** The contract on the null target: it counts what it discards, and nothing ever becomes visible. */
class NullTargetIT extends TargetContractIT {

    @Override
    protected TargetConfig config(String collection) {
        return new TargetConfig("null", null, collection, null, null, Map.of());
    }

    /** The null target counts redelivered copies, so that the audit shows them. */
    @Override
    protected boolean storesEachIdOnce() {
        return false;
    }

    @Override
    protected boolean makesEventsVisible() {
        return false;
    }
}
