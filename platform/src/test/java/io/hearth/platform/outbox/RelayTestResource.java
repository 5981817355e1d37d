package io.hearth.platform.outbox;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;

/**
 * Lets tests run the relay one batch at a time. {@code crash=true} fails the batch after the
 * broker acknowledged it and before the rows are marked, which is what a relay process
 * killed at that moment leaves behind: its transaction rolled back.
 */
@Path("/test/relay")
public class RelayTestResource {

    private final OutboxRelay relay;

    public RelayTestResource(OutboxRelay relay) {
        this.relay = relay;
    }

    /** Publishes one batch; answers how many events were published. */
    @POST
    public Uni<Integer> drain(@QueryParam("crash") boolean crash) {
        if (!crash) {
            return relay.drainOnce();
        }
        return relay.drainOnce(batch -> Uni.createFrom().failure(
                new IllegalStateException("simulated relay crash after publishing " + batch.size() + " events")));
    }
}
