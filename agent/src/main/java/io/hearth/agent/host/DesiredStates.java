package io.hearth.agent.host;

import io.hearth.agent.Log;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerReported;
import java.io.IOException;
import java.util.Map;

/**
 * Brings the local servers to their desired states (docs/compute-drivers.md): each generation of a server at most
 * once ({@link AppliedGenerations}), a state older than one applied never; after a catch-up, every local server that
 * is no longer wanted is deleted. Every applied generation is reported (ACCEPTED, then ACTIVE, SUSPENDED, DELETED or
 * FAILED with the reason). The local actions are idempotent (creating an existing server or deleting a missing one
 * changes nothing), so the generation is recorded after its action.
 */
final class DesiredStates {

    /** Where the reports go (a Kafka producer in host mode). */
    interface Reports {
        void report(ServerDesired desired, ServerReported.State state, String reason);
    }

    private static final String WHO = "host";

    private final LocalServers servers;
    private final AppliedGenerations applied;
    private final Reports reports;

    DesiredStates(LocalServers servers, AppliedGenerations applied, Reports reports) {
        this.servers = servers;
        this.applied = applied;
        this.reports = reports;
    }

    /**
     * After reading every desired state there is (the latest per server; a tombstoned server is absent): deletes the
     * local servers not wanted any more, resumes the agents of the others, then applies each latest state.
     *
     * @return how many local servers were deleted because they are no longer wanted
     */
    int converge(Map<String, ServerDesired> latest) throws IOException, InterruptedException {
        int removed = 0;
        for (String id : servers.ids()) {
            ServerDesired wanted = latest.get(id);
            if (wanted == null || wanted.desired() == ServerDesired.State.DELETED) {
                Log.info("server " + id, "no longer wanted (" + (wanted == null ? "no desired state"
                        : "DELETED, generation " + wanted.generation()) + "): deleted");
                servers.delete(id);
                removed++;
            }
        }
        servers.resumeAll();
        for (ServerDesired desired : latest.values()) {
            apply(desired);
        }
        return removed;
    }

    /** Applies one desired state unless its generation (or a later one) was applied already. */
    void apply(ServerDesired desired) throws InterruptedException {
        String id = desired.serverId();
        long last = applied.get(id);
        if (desired.generation() <= last) {
            return;
        }
        try {
            ServerReported.State reached = switch (desired.desired()) {
                case ACTIVE -> {
                    reports.report(desired, ServerReported.State.ACCEPTED, null);
                    if (!servers.exists(id)) {
                        servers.create(desired.spec());
                    } else if (servers.suspended(id)) {
                        servers.resume(id);
                    }
                    yield ServerReported.State.ACTIVE;
                }
                case SUSPENDED -> {
                    reports.report(desired, ServerReported.State.ACCEPTED, null);
                    if (!servers.exists(id)) {
                        servers.create(desired.spec());
                    }
                    servers.suspend(id);
                    yield ServerReported.State.SUSPENDED;
                }
                case DELETED -> {
                    servers.delete(id);
                    yield ServerReported.State.DELETED;
                }
            };
            applied.put(id, desired.generation());
            reports.report(desired, reached, null);
        } catch (IOException | RuntimeException e) {
            Log.warn("server " + id, "cannot bring it to " + desired.desired() + " (generation "
                    + desired.generation() + "): " + e);
            try {
                applied.put(id, desired.generation()); // at most once: not tried again
            } catch (IOException notRecorded) {
                Log.warn(WHO, "cannot record generation " + desired.generation() + " of " + id + ": " + notRecorded);
            }
            reports.report(desired, ServerReported.State.FAILED, String.valueOf(e.getMessage() == null ? e
                    : e.getMessage()));
        }
    }

    /** A tombstone: the server is gone for good; deleted here if it is still here, its record forgotten. */
    void removed(String serverId) throws IOException, InterruptedException {
        if (servers.exists(serverId)) {
            servers.delete(serverId);
        }
        applied.forget(serverId);
    }
}
