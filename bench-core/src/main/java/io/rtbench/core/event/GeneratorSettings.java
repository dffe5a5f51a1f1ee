package io.rtbench.core.event;

import io.rtbench.core.Bounds;

/**
 * What shapes the generated documents.
 *
 * @param contentSeed seeds the value pools and the picks from them: the same seed gives the same documents apart from
 *     the identity fields
 * @param docSizeBytes target serialized size of each document in bytes; every document is within +3 % of it, and
 *     exactly it unless the target is near {@link #MIN_DOC_SIZE_BYTES}
 */
public record GeneratorSettings(long contentSeed, int docSizeBytes) {

    public static final int DEFAULT_DOC_SIZE_BYTES = 1250;

    /** The smallest size that holds the 60 fields with their longest values (within the document's 3 % tolerance). */
    public static final int MIN_DOC_SIZE_BYTES = DocumentBody.MIN_TARGET_BYTES;

    /**
     * 1 MB (10^6 bytes, as rtbench counts rates): a record of up to this size plus key and headers still fits Kafka's
     * default {@code max.request.size} and {@code message.max.bytes} (1 MiB).
     */
    public static final int MAX_DOC_SIZE_BYTES = 1_000_000;

    public GeneratorSettings {
        Bounds.between("--doc-size", MIN_DOC_SIZE_BYTES, MAX_DOC_SIZE_BYTES, docSizeBytes);
    }

    /** The default document size with the given seed. */
    public static GeneratorSettings withSeed(long contentSeed) {
        return new GeneratorSettings(contentSeed, DEFAULT_DOC_SIZE_BYTES);
    }
}
