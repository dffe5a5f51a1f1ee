package io.rtbench.core.event;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Locale;
import java.util.Random;
import net.datafaker.Faker;

/**
 * Realistic values for every field, drawn from datafaker once per generator (seeded, so the pools are the same for the
 * same seed) and kept as escaped UTF-8 bytes. Length caps keep the 60 fields within the smallest document size.
 */
final class ValuePools {

    final Pool name;
    final Pool email;
    final Pool phone;
    final Pool eyeColor = Pool.ofFixed("amber", "blue", "brown", "gray", "green", "hazel");
    final Pool gender = Pool.ofFixed("female", "male", "nonbinary");
    final Pool fruit;
    final Pool date;
    final Pool street;
    final Pool city;
    final Pool state;
    final Pool zip;
    final Pool country;
    final Pool companyName;
    final Pool industry;
    final Pool website;
    final Pool ticker;
    final Pool word;
    final Pool os = Pool.ofFixed("Android", "iOS", "Linux", "macOS", "Windows");
    final Pool browser = Pool.ofFixed("Chrome", "Edge", "Firefox", "Safari", "Opera");
    final Pool ip;
    final Pool currency = Pool.ofFixed("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "INR");
    final Pool orderStatus = Pool.ofFixed("placed", "paid", "shipped", "returned");
    final Pool language = Pool.ofFixed("en", "de", "fr", "es", "it", "pt", "ja", "zh");
    final Pool timeZone;
    final Pool theme = Pool.ofFixed("light", "dark", "system");
    /** ASCII prose that pads {@code about} to the document size; sliced, never escaped. */
    final byte[] prose;

    /** Dates (YYYY-MM-DD) are drawn from a fixed decade (2015-2024), not relative to now, so that a seed always gives the same. */
    private static final long DATES_FROM_EPOCH_SECOND = 1_420_070_400L;

    private static final long DATES_SPAN_SECONDS = 10L * 365 * 24 * 3600;

    private static final int BASE_PROSE_BYTES = 16 * 1024;

    ValuePools(long seed, int proseBytes) {
        Faker faker = new Faker(Locale.ENGLISH, new Random(seed));
        name = Pool.of(() -> faker.name().firstName() + " " + faker.name().lastName(), 18);
        email = Pool.of(() -> emailOf(faker), 26);
        phone = Pool.of(() -> faker.numerify("###-###-####"), 12);
        fruit = Pool.of(() -> faker.food().fruit(), 12);
        Random dates = new Random(seed ^ 0x5DEECE66DL);
        date = Pool.of(
                () -> Instant.ofEpochSecond(DATES_FROM_EPOCH_SECOND + (long) (dates.nextDouble() * DATES_SPAN_SECONDS))
                        .toString()
                        .substring(0, 10),
                10);
        street = Pool.of(() -> faker.address().streetAddress(), 22);
        city = Pool.of(() -> faker.address().city(), 14);
        state = Pool.of(() -> faker.address().stateAbbr(), 2);
        zip = Pool.of(() -> faker.address().zipCode(), 10);
        country = Pool.of(() -> faker.address().countryCode(), 2);
        companyName = Pool.of(() -> faker.company().name(), 18);
        industry = Pool.of(() -> faker.company().industry(), 14);
        website = Pool.of(() -> faker.internet().domainName(), 14);
        ticker = Pool.of(() -> faker.stock().nsdqSymbol(), 5);
        word = Pool.of(() -> faker.lorem().word(), 8);
        ip = Pool.of(() -> faker.internet().ipV4Address(), 15);
        timeZone = Pool.of(() -> faker.address().timeZone(), 16);
        prose = prose(faker, proseBytes);
    }

    private static String emailOf(Faker faker) {
        String local = (faker.name().firstName() + "." + faker.name().lastName())
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z.]", "");
        return local + "@" + faker.internet().domainName();
    }

    /** At least {@code minBytes} of prose: 16 KB of lorem sentences, repeated as often as a large document needs. */
    private static byte[] prose(Faker faker, int minBytes) {
        StringBuilder base = new StringBuilder(BASE_PROSE_BYTES + 256);
        while (base.length() < BASE_PROSE_BYTES) {
            base.append(faker.lorem().sentence(12).replaceAll("[^A-Za-z ,.]", ""))
                    .append(' ');
        }
        StringBuilder text = new StringBuilder(Math.max(minBytes, base.length()));
        while (text.length() < minBytes || text.length() == 0) {
            text.append(base);
        }
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
