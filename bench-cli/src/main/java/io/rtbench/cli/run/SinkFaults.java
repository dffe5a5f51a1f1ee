package io.rtbench.cli.run;

import io.rtbench.core.fault.Injection;

/**
 * A sink whose own faults a run injects (docs/MEASUREMENT.md, "Freshness under faults"): the stage of the sink says how,
 * so that the fault stage knows nothing of its insides.
 */
interface SinkFaults {

    /**
     * Fault {@code sink-kill}: begun, the sink is killed as a crash would end it (nothing more written or committed);
     * ended, a new sink starts on the same consumer group and target, and the end returns once the group has given it
     * its partitions.
     */
    Injection sinkKill();

    /**
     * Fault {@code rebalance}: begun, a second sink with the same settings joins the consumer group, returning once the
     * group has given it its partitions; ended, it leaves cleanly (committing what it wrote).
     */
    Injection rebalance();
}
