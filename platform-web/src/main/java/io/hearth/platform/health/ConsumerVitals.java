package io.hearth.platform.health;

import java.time.Duration;
import java.util.Optional;

/**
 * What one Kafka consumer of an incoming channel shows at a moment: whether its polling thread still runs
 * the tasks it is given ({@link LoopHeartbeat} of the probes), and the Kafka client's own
 * {@code last-poll-seconds-ago} and {@code last-heartbeat-seconds-ago} (negative: not yet, or not a group
 * member).
 *
 * @param name              the channel, with the consumer's index when the channel has several
 * @param polling           what is wrong with the polling thread, if anything
 * @param lastPollSecondsAgo seconds since the consumer last called {@code poll}, negative when never
 * @param lastHeartbeatSecondsAgo seconds since its last heartbeat to the group coordinator, negative when none
 * @param partitions        partitions assigned at the last probe
 */
public record ConsumerVitals(String name, Optional<String> polling, double lastPollSecondsAgo,
        double lastHeartbeatSecondsAgo, int partitions) {

    /**
     * Why the consumer is not alive: its polling thread died or does not run what it is given, or the poll
     * loop stopped. A broker that is away is no reason: the consumer goes on polling (and finds nothing).
     */
    public Optional<String> livenessProblem(Duration threshold) {
        if (polling.isPresent()) {
            return Optional.of(name + ": polling thread: " + polling.get());
        }
        if (lastPollSecondsAgo > threshold.toSeconds()) {
            return Optional.of(name + ": the consumer has not polled Kafka for " + (long) lastPollSecondsAgo
                    + " s (threshold " + threshold.toSeconds() + " s)");
        }
        return Optional.empty();
    }

    /**
     * Why the consumer is not ready: not alive, or no longer a member of its group (no heartbeat to the
     * coordinator for longer than the threshold: broker away, or the member was fenced and not back). Having
     * no partitions is no reason: a group with more members than partitions leaves some without.
     */
    public Optional<String> readinessProblem(Duration threshold) {
        Optional<String> alive = livenessProblem(threshold);
        if (alive.isPresent()) {
            return alive;
        }
        if (lastHeartbeatSecondsAgo > threshold.toSeconds()) {
            return Optional.of(name + ": no heartbeat to the group coordinator for " + (long) lastHeartbeatSecondsAgo
                    + " s (threshold " + threshold.toSeconds() + " s): not a group member");
        }
        return Optional.empty();
    }

    /** One line for a consumer that is fine. */
    public String summary() {
        return "OK: " + partitions + " partition(s), last poll " + seconds(lastPollSecondsAgo) + ", last heartbeat "
                + seconds(lastHeartbeatSecondsAgo);
    }

    private static String seconds(double ago) {
        return ago < 0 ? "none yet" : (long) ago + " s ago";
    }
}
