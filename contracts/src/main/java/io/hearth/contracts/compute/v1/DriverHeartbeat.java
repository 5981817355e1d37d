package io.hearth.contracts.compute.v1;

import java.time.Instant;

/**
 * A compute driver is alive: sent on {@code hearth.compute.status} under the driver's id when it starts and then
 * at least every {@code every} seconds (docs/compute-drivers.md).
 *
 * @param driver      the driver's id, stable across its restarts (e.g. {@code local@host})
 * @param kind        what it runs servers on (e.g. {@code local}, {@code nova}, {@code kubernetes})
 * @param at          when it was sent
 * @param everySeconds the most seconds until its next heartbeat
 */
public record DriverHeartbeat(String driver, String kind, Instant at, int everySeconds) {

    public static final String TYPE = "io.hearth.compute.driver-heartbeat.v1";
}
