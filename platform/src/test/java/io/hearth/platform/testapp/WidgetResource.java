package io.hearth.platform.testapp;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.platform.outbox.Outbox;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.util.UUID;

/**
 * Creates widgets the way a Hearth service changes state: the business row and its event in
 * one transaction. {@code fail=true} throws after both writes, as a bug or crash would.
 */
@Path("/test/widgets")
public class WidgetResource {

    private final Outbox outbox;

    public WidgetResource(Outbox outbox) {
        this.outbox = outbox;
    }

    /** Creates a widget and its event; answers the event id. */
    @POST
    @WithTransaction
    public Uni<String> create(@QueryParam("name") String name, @QueryParam("key") String key,
            @QueryParam("fail") boolean fail) {
        Widget widget = new Widget();
        widget.id = UUID.randomUUID();
        widget.name = name;
        CloudEvent event = CloudEvent.of("/hearth/eventing-test", WidgetCreated.TYPE, widget.id.toString(),
                new WidgetCreated(widget.id.toString(), name));
        return widget.persist()
                .chain(() -> outbox.append("widget", key, WidgetCreated.TOPIC, event))
                .map(appended -> {
                    if (fail) {
                        throw new IllegalStateException("failed after writing widget " + name);
                    }
                    return appended.id();
                });
    }

    /** Forgets every widget event of {@code key}: a tombstone for the key on the widgets topic. */
    @DELETE
    @WithTransaction
    public Uni<Void> forget(@QueryParam("key") String key) {
        return outbox.appendTombstone("widget", key, WidgetCreated.TOPIC);
    }
}
