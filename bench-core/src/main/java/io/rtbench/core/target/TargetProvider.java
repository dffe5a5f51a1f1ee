package io.rtbench.core.target;

/**
 * Creates {@link Target}s of one kind. Registered in {@code META-INF/services/io.rtbench.core.target.TargetProvider}.
 */
public interface TargetProvider {

    /** The kind name used on the command line, e.g. {@code opensearch}. */
    String kind();

    /** Opens a target; may connect lazily, but must reject an unusable configuration with a clear message. */
    Target open(TargetConfig config);
}
