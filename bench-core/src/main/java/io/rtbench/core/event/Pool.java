package io.rtbench.core.event;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.function.Function;
import net.datafaker.Faker;

/**
 * The value pools of the document: how each is drawn from datafaker at start, and the longest encoded value it may
 * hold. The caps make the document's worst-case size a constant, so the smallest honest {@code --doc-size} is known
 * before any pool is built; they sit near the 90th percentile of datafaker's values, longer draws are re-drawn.
 */
enum Pool {
    BOOL(5, Kind.LITERAL, f -> Boolean.toString(f.random().nextBoolean())),
    BALANCE(7, Kind.LITERAL, f -> BigDecimal.valueOf(between(f, 0, 999_999), 2).toPlainString()),
    AGE(2, Kind.LITERAL, f -> Integer.toString(between(f, 18, 79))),
    GENDER(3, Kind.TEXT, f -> oneOf(f, "f", "m", "x")),
    EYE_COLOR(7, Kind.TEXT, f -> oneOf(f, "amber", "blue", "brown", "gray", "green", "hazel")),
    FRUIT(12, Kind.TEXT, f -> f.food().fruit()),
    GREETING(18, Kind.TEXT, f -> "Hello, " + f.name().firstName() + "!"),
    DATE(12, Kind.TEXT, f -> dateBetween(f, 2010, 2024)),
    EMAIL(24, Kind.TEXT, f -> f.internet().emailAddress()),
    // phoneNumber() validates through libphonenumber at ~0.5 ms a value; a US-style pattern is as realistic here.
    PHONE(14, Kind.TEXT, f -> f.numerify("###-###-####")),
    HOBBY(14, Kind.TEXT, f -> f.hobby().activity()),
    RATING(3, Kind.LITERAL, f -> BigDecimal.valueOf(between(f, 10, 50), 1).toPlainString()),
    LEVEL(2, Kind.LITERAL, f -> Integer.toString(between(f, 1, 99))),
    KARMA(4, Kind.LITERAL, f -> Integer.toString(between(f, 0, 9_999))),
    SCORE(3, Kind.LITERAL, f -> Integer.toString(between(f, 0, 100))),
    FIRST_NAME(10, Kind.TEXT, f -> f.name().firstName()),
    LAST_NAME(12, Kind.TEXT, f -> f.name().lastName()),
    COMPANY(20, Kind.TEXT, f -> f.company().name()),
    CATCH_PHRASE(30, Kind.TEXT, f -> f.company().catchPhrase()),
    INDUSTRY(20, Kind.TEXT, f -> f.company().industry()),
    STREET(20, Kind.TEXT, f -> f.address().streetAddress()),
    CITY(16, Kind.TEXT, f -> f.address().city()),
    STATE(4, Kind.TEXT, f -> f.address().stateAbbr()),
    ZIPCODE(7, Kind.TEXT, f -> f.address().zipCode()),
    COUNTRY(14, Kind.TEXT, f -> f.address().country()),
    // Degrees with 4 decimals (~11 m): datafaker's latitude() formats with the default locale's decimal separator.
    LATITUDE(
            8,
            Kind.LITERAL,
            f -> BigDecimal.valueOf(between(f, -900_000, 900_000), 4).toPlainString()),
    LONGITUDE(
            9,
            Kind.LITERAL,
            f -> BigDecimal.valueOf(between(f, -1_800_000, 1_800_000), 4).toPlainString()),
    PLAN(6, Kind.TEXT, f -> oneOf(f, "free", "plus", "pro", "team")),
    CURRENCY(5, Kind.TEXT, f -> f.money().currencyCode()),
    CREDIT(5, Kind.LITERAL, f -> Integer.toString(500 * between(f, 1, 100))),
    OS(14, Kind.TEXT, f -> f.device().platform()),
    IP(17, Kind.TEXT, f -> f.internet().ipV4Address()),
    APP_VERSION(8, Kind.TEXT, f -> between(f, 1, 9) + "." + between(f, 0, 19) + "." + between(f, 0, 9)),
    BATTERY(3, Kind.LITERAL, f -> Integer.toString(between(f, 0, 100))),
    LANGUAGE(4, Kind.TEXT, f -> oneOf(f, "en", "de", "fr", "es", "it", "pt", "nl", "ja", "zh")),
    THEME(7, Kind.TEXT, f -> oneOf(f, "light", "dark", "auto")),
    POSTS(4, Kind.LITERAL, f -> Integer.toString(between(f, 0, 9_999))),
    LIKES(5, Kind.LITERAL, f -> Integer.toString(between(f, 0, 99_999))),
    VIEWS(5, Kind.LITERAL, f -> Integer.toString(between(f, 0, 99_999))),
    SHARES(3, Kind.LITERAL, f -> Integer.toString(between(f, 0, 999))),
    LOGINS(4, Kind.LITERAL, f -> Integer.toString(between(f, 0, 9_999))),
    VISITS(4, Kind.LITERAL, f -> Integer.toString(between(f, 0, 9_999))),
    TAG(10, Kind.TEXT, f -> f.lorem().word()),
    LUCKY_NUMBER(2, Kind.LITERAL, f -> Integer.toString(between(f, 0, 99))),
    FRIEND_NAME(18, Kind.TEXT, f -> f.name().fullName()),
    FRIEND_SINCE(4, Kind.LITERAL, f -> Integer.toString(between(f, 2005, 2024)));

    /** How a drawn string becomes JSON: a quoted, escaped string, or a number/boolean literal as is. */
    enum Kind {
        TEXT,
        LITERAL
    }

    /** The longest encoded value (UTF-8 bytes, quotes included) this pool may hold. */
    final int maxBytes;

    final Kind kind;
    private final Function<Faker, String> draw;

    Pool(int maxBytes, Kind kind, Function<Faker, String> draw) {
        this.maxBytes = maxBytes;
        this.kind = kind;
        this.draw = draw;
    }

    /** Draws one value and encodes it as JSON; its length may exceed {@link #maxBytes} (the caller re-draws). */
    byte[] drawEncoded(Faker faker) {
        String value = draw.apply(faker);
        return kind == Kind.TEXT ? JsonText.quoted(value) : JsonText.literal(value);
    }

    private static int between(Faker faker, int minInclusive, int maxInclusive) {
        return minInclusive + faker.random().nextInt(maxInclusive - minInclusive + 1);
    }

    /** An ISO date ({@code yyyy-MM-dd}) in the given years; not relative to today, so pools are reproducible. */
    private static String dateBetween(Faker faker, int firstYear, int lastYear) {
        int firstDay = (int) LocalDate.of(firstYear, 1, 1).toEpochDay();
        int lastDay = (int) LocalDate.of(lastYear, 12, 31).toEpochDay();
        return LocalDate.ofEpochDay(between(faker, firstDay, lastDay)).toString();
    }

    private static String oneOf(Faker faker, String... options) {
        return options[faker.random().nextInt(options.length)];
    }
}
