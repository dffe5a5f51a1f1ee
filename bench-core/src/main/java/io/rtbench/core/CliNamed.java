package io.rtbench.core;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An enum whose constants a user names in an option or a scenario file by their lower-case, dashed names
 * ({@code USER_RECENT} is {@code user-recent}, docs/GUIDE.md), with one rule for reading such a name back.
 */
public interface CliNamed {

    /** The constant's Java name; an enum's own {@link Enum#name()}. */
    String name();

    /** The name a user writes. */
    default String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The constant {@code text} names, case and surrounding blanks aside; empty when none does. */
    static <E extends Enum<E> & CliNamed> Optional<E> find(Class<E> type, String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(type.getEnumConstants())
                .filter(constant -> constant.cliName().equals(wanted))
                .findFirst();
    }

    /**
     * The constant {@code text} names; otherwise an {@link IllegalArgumentException} such as {@code 'avro' is not a
     * value format; use json or json-with-schema}.
     *
     * @param what the kind of name with its article, e.g. {@code "a value format"}
     */
    static <E extends Enum<E> & CliNamed> E parse(Class<E> type, String text, String what) {
        return find(type, text).orElseThrow(() -> {
            List<String> names = names(type);
            String choices = names.size() == 1
                    ? names.get(0)
                    : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
            return new IllegalArgumentException("'" + text + "' is not " + what + "; use " + choices);
        });
    }

    /** The names a user may write, in declaration order. */
    static <E extends Enum<E> & CliNamed> List<String> names(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(CliNamed::cliName).toList();
    }
}
