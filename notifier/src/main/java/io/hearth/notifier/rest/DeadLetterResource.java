package io.hearth.notifier.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.notifier.webhook.DeadLetter;
import io.hearth.notifier.webhook.DeadLetterStore;
import io.hearth.notifier.webhook.SubscriptionStore;
import io.hearth.notifier.webhook.WebhookDispatcher;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A subscription's dead letters ({@code /v1/{tenant}/subscriptions/{id}/dead_letters}): list, replay one or all
 * (202: queued again, tried from the first try), delete one. Another tenant's subscription is 404.
 */
@Path("/v1/{tenant}/subscriptions/{id}/dead_letters")
@Produces(MediaType.APPLICATION_JSON)
public class DeadLetterResource {

    private final SubscriptionStore subscriptions;
    private final DeadLetterStore letters;
    private final WebhookDispatcher dispatcher;

    public DeadLetterResource(SubscriptionStore subscriptions, DeadLetterStore letters,
            WebhookDispatcher dispatcher) {
        this.subscriptions = subscriptions;
        this.letters = letters;
        this.dispatcher = dispatcher;
    }

    @GET
    public Uni<Map<String, Object>> list(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return subscription(tenant, id).chain(() -> letters.list(id))
                .map(all -> Map.of("dead_letters", all.stream().map(DeadLetterResource::view).toList()));
    }

    /** Replays every dead letter of the subscription. */
    @POST
    @Path("/replay")
    public Uni<Response> replayAll(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return subscription(tenant, id).chain(() -> letters.replay(id, null)).map(this::replayed);
    }

    @POST
    @Path("/{letter}/replay")
    public Uni<Response> replay(@PathParam("tenant") String tenant, @PathParam("id") String id,
            @PathParam("letter") String letter) {
        return subscription(tenant, id).chain(() -> letters.replay(id, letter)).map(count -> {
            if (count == 0) {
                throw notFound(id, letter);
            }
            return replayed(count);
        });
    }

    @DELETE
    @Path("/{letter}")
    public Uni<Response> delete(@PathParam("tenant") String tenant, @PathParam("id") String id,
            @PathParam("letter") String letter) {
        return subscription(tenant, id).chain(() -> letters.delete(id, letter)).map(deleted -> {
            if (!deleted) {
                throw notFound(id, letter);
            }
            return Response.noContent().build();
        });
    }

    private Uni<Void> subscription(String tenant, String id) {
        return subscriptions.find(tenant, id).map(found -> SubscriptionResource.found(found, id)).replaceWithVoid();
    }

    private Response replayed(int count) {
        dispatcher.wakeUp();
        return Response.accepted(Map.of("replayed", count)).build();
    }

    private static ApiException notFound(String id, String letter) {
        return ApiException.notFound("Dead letter " + letter + " of subscription " + id + " could not be found.");
    }

    private static Map<String, Object> view(DeadLetter letter) {
        JsonNode event = HearthJson.readTree(letter.payload());
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", letter.id());
        view.put("event_id", event.path("id").asText());
        view.put("event_type", letter.type());
        view.put("stack_id", letter.stackId());
        view.put("sequence", letter.seq());
        view.put("attempts", letter.attempts());
        view.put("last_status", letter.lastStatus());
        view.put("last_error", letter.lastError());
        view.put("failed_at", letter.failedAt().toString());
        view.put("event", event);
        return view;
    }
}
