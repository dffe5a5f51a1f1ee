package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A reusable byte buffer that JSON is written into by hand: values arrive pre-encoded and pre-escaped, numbers are
 * formatted digit by digit. Nothing here allocates once the buffer has its capacity.
 */
final class JsonBuffer {

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};

    private byte[] bytes;
    private int position;

    JsonBuffer(int capacity) {
        bytes = new byte[capacity];
    }

    void reset() {
        position = 0;
    }

    int position() {
        return position;
    }

    void truncate(int newPosition) {
        position = newPosition;
    }

    byte[] copy() {
        return Arrays.copyOf(bytes, position);
    }

    void raw(byte[] value) {
        ensure(value.length);
        System.arraycopy(value, 0, bytes, position, value.length);
        position += value.length;
    }

    void raw(byte[] value, int offset, int length) {
        ensure(length);
        System.arraycopy(value, offset, bytes, position, length);
        position += length;
    }

    void raw(char c) {
        ensure(1);
        bytes[position++] = (byte) c;
    }

    /** A JSON string whose content is already escaped UTF-8. */
    void string(byte[] escaped) {
        ensure(escaped.length + 2);
        bytes[position++] = '"';
        System.arraycopy(escaped, 0, bytes, position, escaped.length);
        position += escaped.length;
        bytes[position++] = '"';
    }

    void bool(boolean value) {
        raw(value ? TRUE : FALSE);
    }

    void number(long value) {
        ensure(20);
        if (value < 0) {
            bytes[position++] = '-';
            value = -value;
        }
        int digits = digits(value);
        int end = position + digits;
        for (int i = end - 1; i >= position; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        position = end;
    }

    /** A decimal with {@code scale} fraction digits: {@code decimal(123456, 2)} writes {@code 1234.56}. */
    void decimal(long unscaled, int scale) {
        if (unscaled < 0) {
            raw('-');
            unscaled = -unscaled;
        }
        long divisor = POWERS_OF_TEN[scale];
        number(unscaled / divisor);
        raw('.');
        long fraction = unscaled % divisor;
        ensure(scale);
        for (int i = position + scale - 1; i >= position; i--) {
            bytes[i] = (byte) ('0' + fraction % 10);
            fraction /= 10;
        }
        position += scale;
    }

    /** A version-4 UUID string (36 chars) from 128 random bits, without quotes. */
    void uuid(long high, long low) {
        high = (high & 0xffffffffffff0fffL) | 0x0000000000004000L; // version 4
        low = (low & 0x3fffffffffffffffL) | 0x8000000000000000L; // IETF variant
        ensure(36);
        hex(high >>> 32, 8);
        bytes[position++] = '-';
        hex(high >>> 16, 4);
        bytes[position++] = '-';
        hex(high, 4);
        bytes[position++] = '-';
        hex(low >>> 48, 4);
        bytes[position++] = '-';
        hex(low, 12);
    }

    private void hex(long value, int digits) {
        for (int i = position + digits - 1; i >= position; i--) {
            bytes[i] = HEX[(int) (value & 0xf)];
            value >>>= 4;
        }
        position += digits;
    }

    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000};

    private static int digits(long value) {
        int digits = 1;
        while (value >= 10) {
            value /= 10;
            digits++;
        }
        return digits;
    }

    private void ensure(int more) {
        if (position + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, position + more));
        }
    }
}
