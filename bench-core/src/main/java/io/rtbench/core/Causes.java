package io.rtbench.core;

/** An exception and its causes as one line, for a failure whose own message does not say why. */
public final class Causes {

    private static final int MAX_CHARS = 300;

    private Causes() {}

    /**
     * Each message of the chain, outermost first, joined by {@code ": "}; a cause without a message by its type, a
     * message the one before already holds left out, at most about 300 characters. E.g. "Failed to create new
     * KafkaAdminClient: Failed to load SSL keystore /x.jks of type JKS".
     */
    public static String oneLine(Throwable e) {
        StringBuilder line = new StringBuilder();
        String previous = null;
        for (Throwable t = e; t != null && line.length() < MAX_CHARS; t = t.getCause()) {
            String message =
                    t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
            if (previous == null || !previous.contains(message)) {
                line.append(line.isEmpty() ? "" : ": ").append(message.strip().replace('\n', ' '));
            }
            previous = message;
            if (t.getCause() == t) {
                break;
            }
        }
        return line.toString();
    }
}
