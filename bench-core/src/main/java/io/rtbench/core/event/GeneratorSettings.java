package io.rtbench.core.event;

/**
 * What a generator produces: the seed of the document contents and the serialized size of each document.
 *
 * @param contentSeed seeds the value pools and the choices among them: the same seed gives the same documents apart
 *     from the identity and time fields ({@code _id}, {@code _event_time}, {@code generator_identifier})
 * @param docSizeBytes serialized size of every document in bytes (spec section 2: 1,250 by default, ±3 %)
 */
public record GeneratorSettings(long contentSeed, int docSizeBytes) {

    public static final int DEFAULT_DOC_SIZE_BYTES = 1250;

    /**
     * The smallest size that holds the 60 fields with realistic values: the longest non-padding part seen over
     * millions of documents is ~1,160 bytes; rarer longer ones are redrawn (see {@link DocumentWriter}).
     */
    public static final int MIN_DOC_SIZE_BYTES = 1200;

    /** Large documents are fine; beyond a megabyte Kafka's default record limit would refuse them anyway. */
    public static final int MAX_DOC_SIZE_BYTES = 1_000_000;

    public GeneratorSettings {
        if (docSizeBytes < MIN_DOC_SIZE_BYTES || docSizeBytes > MAX_DOC_SIZE_BYTES) {
            throw new IllegalArgumentException("--doc-size must be between " + MIN_DOC_SIZE_BYTES + " and "
                    + MAX_DOC_SIZE_BYTES + " bytes (60 fields need room), got " + docSizeBytes);
        }
    }

    public static GeneratorSettings withSeed(long contentSeed) {
        return new GeneratorSettings(contentSeed, DEFAULT_DOC_SIZE_BYTES);
    }
}
