package io.hearth.notifier.rest;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.notifier.config.NotifierConfig;
import io.hearth.notifier.journal.JournalReader;
import io.hearth.notifier.rest.dto.SubscriptionRequest;
import io.hearth.notifier.webhook.ReceiverRefused;
import io.hearth.notifier.webhook.Subscription;
import io.hearth.notifier.webhook.SubscriptionStore;
import io.hearth.notifier.webhook.WebhookTargets;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.rest.PageLimit;
import io.hearth.platform.rest.StorableText;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Webhook subscriptions ({@code /v1/{tenant}/subscriptions}): create (201, with the secret, shown this once), list,
 * show, change (PATCH: what is given), delete, and rotate the secret. The token is checked by platform-web's
 * {@code TenantAuthFilter}, as for every {@code /v1/{tenant}} path; another tenant's subscription is 404.
 */
@Path("/v1/{tenant}/subscriptions")
@Produces(MediaType.APPLICATION_JSON)
public class SubscriptionResource {

    /** The most subscriptions one page of the list holds. */
    public static final int PAGE = 100;

    private final SubscriptionStore store;
    private final WebhookTargets targets;
    private final JournalReader journal;
    private final NotifierConfig.Webhooks config;

    public SubscriptionResource(SubscriptionStore store, WebhookTargets targets, JournalReader journal,
            NotifierConfig config) {
        this.store = store;
        this.targets = targets;
        this.journal = journal;
        this.config = config.webhooks();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(@PathParam("tenant") String tenant, SubscriptionRequest body) {
        SubscriptionRequest request = present(body);
        String url = checkedUrl(request.url());
        List<String> types = SubscriptionRequest.checkedTypes(request.eventTypes());
        List<String> checkedStacks = SubscriptionRequest.checkedStacks(request.stackIds());
        int quota = config.maxSubscriptionsPerTenant();
        return stacks(tenant, checkedStacks)
                .call(() -> receiver(url))
                .chain(stacks -> store.create(tenant, url, types, stacks, quota))
                .map(created -> Response.status(201).entity(Map.of("subscription", view(created.orElseThrow(
                        () -> ApiException.badRequest("RequestLimitExceeded", "Request limit exceeded: You have"
                                + " reached the maximum subscriptions per tenant, " + quota
                                + ". Please delete some subscriptions.")), true))).build());
    }

    /** A page of the tenant's subscriptions, oldest first: Heat's {@code limit} (at most 100) and {@code marker}. */
    @GET
    public Uni<Map<String, Object>> list(@PathParam("tenant") String tenant, @QueryParam("limit") String limit,
            @QueryParam("marker") String marker) {
        Integer given = PageLimit.parse(limit);
        int size = given == null ? PAGE : Math.min(given, PAGE);
        Uni<Void> known = marker == null ? Uni.createFrom().voidItem()
                : store.find(tenant, marker).map(found -> found(found, marker)).replaceWithVoid();
        return known.chain(() -> store.list(tenant, size, marker)).map(page -> Map.of("subscriptions",
                page.stream().map(subscription -> view(subscription, false)).toList()));
    }

    @GET
    @Path("/{id}")
    public Uni<Map<String, Object>> show(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return store.find(tenant, id).map(found -> Map.of("subscription", view(found(found, id), false)));
    }

    /** Changes the URL, the event types or the stacks; events already queued are delivered as they were. */
    @PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Map<String, Object>> update(@PathParam("tenant") String tenant, @PathParam("id") String id,
            SubscriptionRequest body) {
        SubscriptionRequest request = present(body);
        String url = request.url() == null ? null : checkedUrl(request.url());
        List<String> types = request.eventTypes() == null ? null
                : SubscriptionRequest.checkedTypes(request.eventTypes());
        Uni<List<String>> stacks = request.stackIds() == null ? Uni.createFrom().nullItem()
                : stacks(tenant, SubscriptionRequest.checkedStacks(request.stackIds()));
        return store.find(tenant, id).map(found -> found(found, id))
                .chain(() -> url == null ? Uni.createFrom().voidItem() : receiver(url))
                .chain(() -> stacks)
                .chain(ids -> store.update(tenant, id, url, types, ids))
                .map(updated -> Map.of("subscription", view(found(updated, id), false)));
    }

    @DELETE
    @Path("/{id}")
    public Uni<Response> delete(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return store.delete(tenant, id).map(deleted -> {
            if (!deleted) {
                throw notFound(id);
            }
            return Response.noContent().build();
        });
    }

    /** A new secret, shown this once; the previous one keeps signing for the rotation's grace period. */
    @POST
    @Path("/{id}/rotate")
    public Uni<Map<String, Object>> rotate(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return store.rotate(tenant, id, Instant.now().plus(config.rotationGrace()))
                .map(rotated -> Map.of("subscription", view(found(rotated, id), true)));
    }

    /** A receiver's URL checked for its form: 400 saying what is wrong. */
    private static String checkedUrl(String url) {
        try {
            return WebhookTargets.checkedUrl(url).toString();
        } catch (ReceiverRefused e) {
            throw ApiException.badRequest("BadRequest", e.getMessage());
        }
    }

    /** Checks a receiver's URL as a delivery will (its form, then where its host resolves): 400 saying why not. */
    private Uni<Void> receiver(String url) {
        return targets.resolve(url).replaceWithVoid().onFailure(ReceiverRefused.class)
                .transform(e -> ApiException.badRequest("BadRequest", e.getMessage()));
    }

    /** The subscription of that id, or 404. */
    static <T> T found(Optional<T> found, String id) {
        return found.orElseThrow(() -> notFound(id));
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("Subscription " + id + " could not be found.");
    }

    /** The body, which must be there and hold only text the database can store. */
    private static SubscriptionRequest present(SubscriptionRequest body) {
        if (body == null) {
            throw ApiException.badRequest("BadRequest", "The request body must be a JSON object");
        }
        StorableText.check(HearthJson.mapper().valueToTree(body));
        return body;
    }

    /** The stacks' ids; a stack of another tenant, or one no event named yet, is 404 as for a stream. */
    private Uni<List<String>> stacks(String tenant, List<String> stacks) {
        return Multi.createFrom().iterable(stacks)
                .onItem().transformToUniAndConcatenate(stack -> journal.findStack(tenant, stack, null)
                        .map(id -> id.orElseThrow(() -> ApiException.notFound("The Stack (" + stack
                                + ") could not be found."))))
                .collect().asList()
                .map(ids -> ids.stream().distinct().toList());
    }

    private static Map<String, Object> view(Subscription subscription, boolean secret) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", subscription.id());
        view.put("url", subscription.url());
        view.put("event_types", subscription.eventTypes());
        view.put("stack_ids", subscription.stackIds());
        view.put("created_at", subscription.createdAt().toString());
        view.put("updated_at", subscription.updatedAt().toString());
        Instant grace = subscription.previousUntil();
        view.put("previous_secret_expires_at", grace == null || grace.isBefore(Instant.now()) ? null
                : grace.toString());
        if (secret) {
            view.put("secret", subscription.secret());
        }
        return view;
    }
}
