package io.rtbench.cli.support;

import io.rtbench.core.result.RunResult;
import picocli.CommandLine;

/** {@code --version}: rtbench's version. */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"rtbench " + RunResult.Tool.current().version()};
    }
}
