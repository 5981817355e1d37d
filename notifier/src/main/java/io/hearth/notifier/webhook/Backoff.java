package io.hearth.notifier.webhook;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * The wait after a failed try: exponential ({@code base}, doubled after every try, at most {@code cap}) with
 * "equal jitter": drawn uniformly between half and all of that, so receivers that failed together are not retried
 * together, and the sum of the waits has a floor (half the nominal sum) that the try budget can be chosen against.
 */
public record Backoff(Duration base, Duration cap) {

    /** The nominal wait after failed try {@code tries} (1 for the first): {@code min(cap, base * 2^(tries-1))}. */
    public Duration nominal(int tries) {
        long base = this.base.toMillis();
        long cap = this.cap.toMillis();
        int doublings = Math.max(0, tries - 1);
        long millis = doublings >= 62 || base > (cap >> Math.min(doublings, 62)) ? cap : base << doublings;
        return Duration.ofMillis(Math.min(millis, cap));
    }

    /** The wait after the {@code tries}-th failed try: between half and all of the nominal wait. */
    public Duration after(int tries, RandomGenerator random) {
        long nominal = nominal(tries).toMillis();
        long half = nominal / 2;
        return Duration.ofMillis(half + random.nextLong(nominal - half + 1));
    }
}
