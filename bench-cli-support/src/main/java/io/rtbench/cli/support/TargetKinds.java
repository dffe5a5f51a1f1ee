package io.rtbench.cli.support;

import io.rtbench.core.target.Targets;
import java.util.Iterator;

/**
 * The installed target kinds, as picocli completion candidates: an option with {@code completionCandidates =
 * TargetKinds.class} lists them in its help with {@code ${COMPLETION-CANDIDATES}}, so that no help text names them.
 */
public final class TargetKinds implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return Targets.kinds().iterator();
    }
}
