package io.rtbench.cli.support;

import picocli.CommandLine.Option;

/** What each document holds: its size and the seed of its contents (a picocli mixin of every command that writes). */
public final class DocumentOptions {

    // DocumentBody fills every document to exactly the size; only near the minimum can long values overshoot it
    @Option(
            names = "--doc-size",
            defaultValue = Defaults.DOC_SIZE,
            paramLabel = "BYTES",
            description = "Serialized size of every document, exactly (near the minimum, 1226, up to 3 %% more).")
    int docSize;

    @Option(
            names = "--seed",
            defaultValue = Defaults.SEED,
            paramLabel = "N",
            description = "Seed of the document contents and of the rows that updates and deletes pick.")
    long seed;

    public int docSize() {
        return docSize;
    }

    public long seed() {
        return seed;
    }
}
