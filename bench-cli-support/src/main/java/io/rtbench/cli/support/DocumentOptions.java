package io.rtbench.cli.support;

import picocli.CommandLine.Option;

/** What each document holds: its size and the seed of its contents (a picocli mixin of every command that writes). */
public final class DocumentOptions {

    @Option(names = "--doc-size", paramLabel = "BYTES", description = "Serialized document size (±3 %%).")
    int docSize;

    @Option(
            names = "--seed",
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
