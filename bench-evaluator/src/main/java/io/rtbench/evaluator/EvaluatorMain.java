package io.rtbench.evaluator;

import io.rtbench.cli.support.CommandLines;

/** {@code java -jar bench-evaluator.jar}. */
public final class EvaluatorMain {

    private EvaluatorMain() {}

    public static void main(String[] args) {
        System.exit(CommandLines.execute("evaluator", new EvaluateCommand(), args));
    }
}
