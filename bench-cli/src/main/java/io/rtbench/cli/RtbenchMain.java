package io.rtbench.cli;

import io.rtbench.cli.support.CommandLines;

/** {@code ./rtbench} runs this. */
public final class RtbenchMain {

    private RtbenchMain() {}

    public static void main(String[] args) {
        System.exit(CommandLines.execute("rtbench", new RtbenchCommand(), args));
    }
}
