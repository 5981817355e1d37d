package io.hearth.agent;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/** Exponential backoff with jitter: 1 s, 2 s, 4 s ... capped (about 30 s); reset after a success. */
public final class Backoff {

    private final long firstMillis;
    private final long capMillis;
    private long next;

    /** A backoff from {@code first} doubling up to {@code cap}. */
    public Backoff(Duration first, Duration cap) {
        this.firstMillis = first.toMillis();
        this.capMillis = cap.toMillis();
        this.next = firstMillis;
    }

    /** The agent's usual backoff: 1 s doubling up to 30 s. */
    public static Backoff standard() {
        return new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30));
    }

    /** Sleeps for the next delay (with up to 20% jitter), then doubles it. */
    public void pause() throws InterruptedException {
        long jitter = next / 5 == 0 ? 0 : ThreadLocalRandom.current().nextLong(next / 5 + 1);
        Thread.sleep(next - jitter);
        next = Math.min(capMillis, next * 2);
    }

    /** Starts again from the first delay. */
    public void reset() {
        next = firstMillis;
    }
}
