package io.rtbench.cli.support;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where a run writes its result (a picocli mixin). */
public final class ResultOptions {

    @Option(
            names = "--result",
            paramLabel = "FILE",
            description = "The result JSON, written after every step; each step's .hlog goes beside it.")
    Path result;

    /** The file given, or null. */
    public Path result() {
        return result;
    }
}
