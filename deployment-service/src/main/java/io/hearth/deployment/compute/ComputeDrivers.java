package io.hearth.deployment.compute;

import io.hearth.contracts.compute.v1.DriverHeartbeat;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The compute drivers this replica has heard from ({@code DriverHeartbeat}), for the reason of a server no driver
 * accepted: it says whether any driver is alive at all.
 */
@ApplicationScoped
public class ComputeDrivers {

    private final Map<String, DriverHeartbeat> latest = new ConcurrentHashMap<>();

    /** Records a heartbeat (the newest per driver wins). */
    public void heard(DriverHeartbeat heartbeat) {
        latest.merge(heartbeat.driver(), heartbeat, (old, now) -> now.at().isAfter(old.at()) ? now : old);
    }

    /**
     * What is known of drivers' presence, for a status reason: "no compute driver has sent a heartbeat" or the
     * latest driver heard and when.
     */
    public String presence(Instant now) {
        return latest.values().stream().max(Comparator.comparing(DriverHeartbeat::at))
                .map(h -> "the last compute driver heard of, " + h.driver() + " (" + h.kind() + "), sent its last"
                        + " heartbeat " + Math.max(0, now.getEpochSecond() - h.at().getEpochSecond()) + " s ago")
                .orElse("no compute driver has sent a heartbeat since deployment-service started");
    }
}
