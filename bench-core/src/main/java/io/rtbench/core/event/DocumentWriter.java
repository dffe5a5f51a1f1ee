package io.rtbench.core.event;

import java.util.SplittableRandom;

/**
 * Writes the document of spec section 2: the {@link EventLayout} prefix, then realistic fields in nested objects and
 * arrays of objects, then {@code about}, a prose field that pads the document to its exact size. 60 fields in all,
 * counting every leaf value (each element of an array counts, as in RockBench's sample with its ten friends), so array
 * lengths are fixed.
 *
 * <p>Hand-written rather than Jackson: the generator must be at least half as fast as Jackson re-serializing a fixed
 * document (spec section 8) while building a new one per event, with no per-event objects; copying pre-encoded pool
 * values into one reused buffer does that.
 */
final class DocumentWriter {

    static final int FIELD_COUNT = 60;

    /** Spec section 2: every document within ±3 % of the requested size. */
    static final double SIZE_TOLERANCE = 0.03;

    private static final int MIN_ABOUT_BYTES = 8;

    private static final byte[] ID = JsonText.ascii("{\"_id\":\"");
    private static final byte[] EVENT_TIME = JsonText.ascii("\",\"_event_time\":");
    private static final byte[] GENERATOR = JsonText.ascii(",\"generator_identifier\":");
    private static final byte[] SEQ = JsonText.ascii(",\"_seq\":");
    private static final byte[] ABOUT = JsonText.ascii(",\"about\":\"");
    private static final byte[] END = JsonText.ascii("\"}");

    private static final byte[] INDEX = key("index", false);
    private static final byte[] ACTIVE = key("active", false);
    private static final byte[] BALANCE = key("balance", false);
    private static final byte[] AGE = key("age", false);
    private static final byte[] EYES = key("eyes", false);
    private static final byte[] NAME = key("name", false);
    private static final byte[] GENDER = key("gender", false);
    private static final byte[] EMAIL = key("email", false);
    private static final byte[] PHONE = key("phone", false);
    private static final byte[] JOINED = key("joined", false);
    private static final byte[] FRUIT = key("fruit", false);
    private static final byte[] VIP = key("vip", false);
    private static final byte[] ADDRESS_STREET = JsonText.ascii(",\"address\":{\"street\":");
    private static final byte[] CITY = key("city", false);
    private static final byte[] STATE = key("state", false);
    private static final byte[] ZIP = key("zip", false);
    private static final byte[] COUNTRY = key("country", false);
    private static final byte[] GEO_LAT = JsonText.ascii(",\"geo\":{\"lat\":");
    private static final byte[] LON = key("lon", false);
    private static final byte[] COMPANY_NAME = JsonText.ascii(",\"company\":{\"name\":");
    private static final byte[] SECTOR = key("sector", false);
    private static final byte[] FOUNDED = key("founded", false);
    private static final byte[] STAFF = key("staff", false);
    private static final byte[] WEB = key("web", false);
    private static final byte[] TICKER = key("ticker", false);
    private static final byte[] HQ_CITY = JsonText.ascii(",\"hq\":{\"city\":");
    private static final byte[] TAGS = JsonText.ascii(",\"tags\":[");
    private static final byte[] FRIENDS = JsonText.ascii(",\"friends\":[");
    private static final byte[] NAME_FIRST = key("name", true);
    private static final byte[] SINCE = key("since", false);
    private static final byte[] DEVICE_OS = JsonText.ascii(",\"device\":{\"os\":");
    private static final byte[] BROWSER = key("browser", false);
    private static final byte[] IP = key("ip", false);
    private static final byte[] MOBILE = key("mobile", false);
    private static final byte[] SCREEN_W = JsonText.ascii(",\"screen\":{\"w\":");
    private static final byte[] H = key("h", false);
    private static final byte[] ORDERS = JsonText.ascii(",\"orders\":[");
    private static final byte[] AMOUNT_FIRST = key("amount", true);
    private static final byte[] CURRENCY = key("currency", false);
    private static final byte[] STATUS = key("status", false);
    private static final byte[] STATS_VISITS = JsonText.ascii(",\"stats\":{\"visits\":");
    private static final byte[] CLICKS = key("clicks", false);
    private static final byte[] BUYS = key("buys", false);
    private static final byte[] DWELL_MS = key("dwell_ms", false);
    private static final byte[] BOUNCE = key("bounce", false);
    private static final byte[] PREFS_LANG = JsonText.ascii(",\"prefs\":{\"lang\":");
    private static final byte[] TZ = key("tz", false);
    private static final byte[] THEME = key("theme", false);

    /** Array lengths are fixed so that every document has exactly {@link #FIELD_COUNT} leaf values. */
    static final int TAG_COUNT = 3;

    static final int FRIEND_COUNT = 3;
    static final int ORDER_COUNT = 2;

    private final ValuePools pools;

    DocumentWriter(ValuePools pools) {
        this.pools = pools;
    }

    /** {@code ,"name":} or, first in an object, {@code {"name":}. */
    private static byte[] key(String name, boolean opensObject) {
        return JsonText.ascii((opensObject ? "{" : ",") + "\"" + name + "\":");
    }

    /** The identity prefix of {@link EventLayout}. */
    void writeHeader(JsonBuffer out, long idHigh, long idLow, long eventTimeMicros, long generatorId, long seq) {
        out.raw(ID);
        out.uuid(idHigh, idLow);
        out.raw(EVENT_TIME);
        out.number(eventTimeMicros);
        out.raw(GENERATOR);
        out.number(generatorId);
        out.raw(SEQ);
        out.number(seq);
    }

    /** The realistic body after the header: 55 leaf values, chosen by {@code random}. */
    void writeBody(JsonBuffer out, SplittableRandom random) {
        writePerson(out, random);
        writeAddress(out, random);
        writeCompany(out, random);
        writeTags(out, random);
        writeFriends(out, random);
        writeDevice(out, random);
        writeOrders(out, random);
        writeStats(out, random);
        writePrefs(out, random);
    }

    /**
     * Closes the document with {@code about}, padded so that the document is exactly {@code docSizeBytes} long, or, when
     * the other fields left less room than that, with the shortest {@code about} if the document then stays within 3 %
     * above the size (spec section 2). False when it would not: the caller draws the event again.
     */
    boolean writeAbout(JsonBuffer out, int docSizeBytes, SplittableRandom random) {
        int overhead = out.position() + ABOUT.length + END.length;
        int proseBytes = Math.max(MIN_ABOUT_BYTES, docSizeBytes - overhead);
        if (overhead + proseBytes > docSizeBytes * (1 + SIZE_TOLERANCE) || proseBytes > pools.prose.length) {
            return false;
        }
        out.raw(ABOUT);
        out.raw(pools.prose, random.nextInt(pools.prose.length - proseBytes + 1), proseBytes);
        out.raw(END);
        return true;
    }

    private void writePerson(JsonBuffer out, SplittableRandom random) {
        out.raw(INDEX);
        out.number(random.nextInt(1_000_000));
        out.raw(ACTIVE);
        out.bool(random.nextBoolean());
        out.raw(BALANCE);
        out.decimal(random.nextLong(10_000_000), 2);
        out.raw(AGE);
        out.number(18 + random.nextInt(72));
        string(out, EYES, pools.eyeColor, random);
        string(out, NAME, pools.name, random);
        string(out, GENDER, pools.gender, random);
        string(out, EMAIL, pools.email, random);
        string(out, PHONE, pools.phone, random);
        string(out, JOINED, pools.date, random);
        string(out, FRUIT, pools.fruit, random);
        out.raw(VIP);
        out.bool(random.nextInt(10) == 0);
    }

    private void writeAddress(JsonBuffer out, SplittableRandom random) {
        string(out, ADDRESS_STREET, pools.street, random);
        string(out, CITY, pools.city, random);
        string(out, STATE, pools.state, random);
        string(out, ZIP, pools.zip, random);
        string(out, COUNTRY, pools.country, random);
        out.raw(GEO_LAT);
        out.decimal(random.nextLong(-900_000L, 900_001L), 4);
        out.raw(LON);
        out.decimal(random.nextLong(-1_800_000L, 1_800_001L), 4);
        out.raw('}');
        out.raw('}');
    }

    private void writeCompany(JsonBuffer out, SplittableRandom random) {
        string(out, COMPANY_NAME, pools.companyName, random);
        string(out, SECTOR, pools.industry, random);
        out.raw(FOUNDED);
        out.number(1850 + random.nextInt(175));
        out.raw(STAFF);
        out.number(1 + random.nextInt(250_000));
        string(out, WEB, pools.website, random);
        string(out, TICKER, pools.ticker, random);
        string(out, HQ_CITY, pools.city, random);
        out.raw('}');
        out.raw('}');
    }

    private void writeTags(JsonBuffer out, SplittableRandom random) {
        out.raw(TAGS);
        for (int i = 0; i < TAG_COUNT; i++) {
            if (i > 0) {
                out.raw(',');
            }
            out.string(pools.word.pick(random));
        }
        out.raw(']');
    }

    private void writeFriends(JsonBuffer out, SplittableRandom random) {
        out.raw(FRIENDS);
        for (int i = 0; i < FRIEND_COUNT; i++) {
            if (i > 0) {
                out.raw(',');
            }
            string(out, NAME_FIRST, pools.name, random);
            out.raw(SINCE);
            out.number(1990 + random.nextInt(35));
            out.raw('}');
        }
        out.raw(']');
    }

    private void writeDevice(JsonBuffer out, SplittableRandom random) {
        string(out, DEVICE_OS, pools.os, random);
        string(out, BROWSER, pools.browser, random);
        string(out, IP, pools.ip, random);
        out.raw(MOBILE);
        out.bool(random.nextBoolean());
        out.raw(SCREEN_W);
        out.number(320 + random.nextInt(3520));
        out.raw(H);
        out.number(240 + random.nextInt(1920));
        out.raw('}');
        out.raw('}');
    }

    private void writeOrders(JsonBuffer out, SplittableRandom random) {
        out.raw(ORDERS);
        for (int i = 0; i < ORDER_COUNT; i++) {
            if (i > 0) {
                out.raw(',');
            }
            out.raw(AMOUNT_FIRST);
            out.decimal(random.nextLong(100, 500_000), 2);
            string(out, CURRENCY, pools.currency, random);
            string(out, STATUS, pools.orderStatus, random);
            out.raw('}');
        }
        out.raw(']');
    }

    private void writeStats(JsonBuffer out, SplittableRandom random) {
        out.raw(STATS_VISITS);
        out.number(random.nextInt(100_000));
        out.raw(CLICKS);
        out.number(random.nextInt(50_000));
        out.raw(BUYS);
        out.number(random.nextInt(5_000));
        out.raw(DWELL_MS);
        out.number(random.nextInt(600_000));
        out.raw(BOUNCE);
        out.decimal(random.nextInt(1001), 3);
        out.raw('}');
    }

    private void writePrefs(JsonBuffer out, SplittableRandom random) {
        string(out, PREFS_LANG, pools.language, random);
        string(out, TZ, pools.timeZone, random);
        string(out, THEME, pools.theme, random);
        out.raw('}');
    }

    private static void string(JsonBuffer out, byte[] key, Pool pool, SplittableRandom random) {
        out.raw(key);
        out.string(pool.pick(random));
    }
}
