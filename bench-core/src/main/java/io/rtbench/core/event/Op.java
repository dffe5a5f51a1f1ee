package io.rtbench.core.event;

/**
 * What an event does to its {@code _id} (the field {@code _op}, docs/MEASUREMENT.md): insert a new row, replace or
 * patch an earlier one (workload {@code dml}), or delete it. Events of workload {@code ingest} are inserts without a
 * version.
 */
public enum Op {
    INSERT('i'),
    UPDATE('u'),
    DELETE('d');

    private final byte code;

    Op(char code) {
        this.code = (byte) code;
    }

    /** The value of {@code _op}: {@code i}, {@code u} or {@code d}. */
    public byte code() {
        return code;
    }

    /** The letter as a one-character string, for SQL and JSON. */
    public String letter() {
        return String.valueOf((char) code);
    }

    /** The op of an {@code _op} letter; {@link IllegalArgumentException} for another byte. */
    public static Op of(byte code) {
        return switch (code) {
            case 'i' -> INSERT;
            case 'u' -> UPDATE;
            case 'd' -> DELETE;
            default -> throw new IllegalArgumentException("_op must be i, u or d, got '" + (char) code + "'");
        };
    }
}
