package io.rtbench.producer;

import io.rtbench.cli.support.CommandLines;

/** {@code java -jar bench-producer.jar}. */
public final class ProducerMain {

    private ProducerMain() {}

    public static void main(String[] args) {
        System.exit(CommandLines.execute("producer", new ProduceCommand(), args));
    }
}
