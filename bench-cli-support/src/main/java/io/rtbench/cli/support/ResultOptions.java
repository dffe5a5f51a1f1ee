package io.rtbench.cli.support;

import io.rtbench.core.result.ResultFiles;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where a run writes its result (a picocli mixin). */
public final class ResultOptions {

    @Option(
            names = "--result",
            paramLabel = "FILE",
            description = "The result JSON, written after every step; each step's .hlog goes beside it.")
    Path result;

    /**
     * The file given, or null; a usage error (exit 2) when it could not be written, so that the command says so before
     * it measures anything rather than after.
     */
    public Path result() {
        if (result != null) {
            ResultFiles.unwritable(result).ifPresent(why -> {
                throw new UsageException("--result: " + why);
            });
        }
        return result;
    }
}
