package io.hearth.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class TokenCacheTests {

    private static final Instant NOW = Instant.parse("2026-11-28T07:00:00Z");
    private static final Caller DEMO = Caller.member("demo");

    private static TokenCache cacheAt(Instant now) {
        return new TokenCache(Duration.ofSeconds(30), Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void theKeyIsTheTokensSha256NotTheToken() {
        assertThat(TokenCache.key("abc"))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    @Test
    void freshnessEndsWithTheTtlOrTheTokensExpiryWhicheverComesFirst() {
        MutableClock clock = new MutableClock(NOW);
        TokenCache cache = new TokenCache(Duration.ofSeconds(30), clock);
        cache.put("long", DEMO, NOW.plusSeconds(3600));
        cache.put("short", DEMO, NOW.plusSeconds(10));
        clock.now = NOW.plusSeconds(9);
        assertThat(cache.fresh("long")).isEqualTo(DEMO);
        assertThat(cache.fresh("short")).isEqualTo(DEMO);
        clock.now = NOW.plusSeconds(10);
        assertThat(cache.fresh("short")).isNull();
        assertThat(cache.unexpired("short")).isNull();
        clock.now = NOW.plusSeconds(30);
        assertThat(cache.fresh("long")).as("past the TTL: Keystone is asked again").isNull();
        assertThat(cache.unexpired("long")).as("usable while Keystone is unreachable").isEqualTo(DEMO);
        clock.now = NOW.plusSeconds(3600);
        assertThat(cache.unexpired("long")).isNull();
        assertThat(cache.size()).isZero();
    }

    @Test
    void aRemovedTokenIsGone() {
        TokenCache cache = cacheAt(NOW);
        cache.put("k", DEMO, NOW.plusSeconds(3600));
        cache.remove("k");
        assertThat(cache.fresh("k")).isNull();
        assertThat(cache.unexpired("k")).isNull();
    }

    @Test
    void expiredEntriesArePrunedWhenTheCacheIsFull() {
        MutableClock clock = new MutableClock(NOW);
        TokenCache cache = new TokenCache(Duration.ofSeconds(30), clock);
        for (int i = 0; i < TokenCache.PRUNE_ABOVE; i++) {
            cache.put("old" + i, DEMO, NOW.plusSeconds(5));
        }
        clock.now = NOW.plusSeconds(6);
        cache.put("new", DEMO, NOW.plusSeconds(3600));
        assertThat(cache.size()).isEqualTo(1);
    }

    private static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
