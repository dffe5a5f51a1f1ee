package io.rtbench.core.event;

import java.util.Arrays;

/**
 * A reusable scratch buffer that a document is written into. The capacity is fixed at construction to the largest
 * document the shape can produce, so no write checks bounds beyond what {@code arraycopy} already does.
 */
final class JsonBuffer {

    private static final byte[] HEX_DIGITS = {
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'
    };

    private final byte[] bytes;
    private int position;

    JsonBuffer(int capacityBytes) {
        this.bytes = new byte[capacityBytes];
    }

    void reset() {
        position = 0;
    }

    int position() {
        return position;
    }

    void put(byte[] source) {
        put(source, 0, source.length);
    }

    void put(byte[] source, int offset, int length) {
        System.arraycopy(source, offset, bytes, position, length);
        position += length;
    }

    void putByte(byte value) {
        bytes[position++] = value;
    }

    /** Writes a non-negative long in decimal, without going through a String. */
    void putDecimal(long value) {
        int digits = decimalDigits(value);
        int end = position + digits;
        for (int i = end - 1; i >= position; i--) {
            bytes[i] = (byte) ('0' + (int) (value % 10));
            value /= 10;
        }
        position = end;
    }

    /** Writes {@code msb}/{@code lsb} as the canonical 8-4-4-4-12 lower-case hex form of a UUID. */
    void putUuid(long msb, long lsb) {
        putHex(msb >>> 32, 8);
        bytes[position++] = '-';
        putHex(msb >>> 16, 4);
        bytes[position++] = '-';
        putHex(msb, 4);
        bytes[position++] = '-';
        putHex(lsb >>> 48, 4);
        bytes[position++] = '-';
        putHex(lsb, 12);
    }

    /**
     * Writes {@code length} bytes of {@code text} starting at {@code offset}, wrapping around to its start as often as
     * needed, so a short text can fill any length.
     */
    void putWrapped(byte[] text, int offset, int length) {
        while (length > 0) {
            int chunk = Math.min(length, text.length - offset);
            System.arraycopy(text, offset, bytes, position, chunk);
            position += chunk;
            length -= chunk;
            offset = 0;
        }
    }

    /** An exactly sized copy of what was written since the last {@link #reset()}. */
    byte[] toByteArray() {
        return Arrays.copyOf(bytes, position);
    }

    /** Copies what was written since the last {@link #reset()} to the start of {@code target}. */
    void copyTo(byte[] target) {
        System.arraycopy(bytes, 0, target, 0, position);
    }

    private void putHex(long value, int nibbles) {
        for (int i = position + nibbles - 1; i >= position; i--) {
            bytes[i] = HEX_DIGITS[(int) (value & 0xF)];
            value >>>= 4;
        }
        position += nibbles;
    }

    static int decimalDigits(long nonNegative) {
        int digits = 1;
        long bound = 10;
        while (digits < 19 && nonNegative >= bound) {
            digits++;
            bound *= 10;
        }
        return digits;
    }
}
