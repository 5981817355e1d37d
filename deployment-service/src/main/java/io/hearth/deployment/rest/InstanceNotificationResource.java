package io.hearth.deployment.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.deployment.groups.InstanceNotifications;
import io.hearth.deployment.groups.InstanceNotifications.Notification;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Hearth extension of the Heat API: an external autoscaler or the external compute driver tells that an instance
 * of a stack's group was launched or terminated ({@link InstanceNotifications}). 202 once the change is stored; it
 * reaches {@code hearth.instance.lifecycle} through the outbox.
 */
@Path("/v1/{tenant}/instance_notifications")
@Produces(MediaType.APPLICATION_JSON)
public class InstanceNotificationResource {

    /** The fields a notification may have. */
    static final List<String> FIELDS = List.of("stack_id", "group", "event", "server_id", "name", "address");

    /** The longest name, group, server id or address (the server id column's length). */
    static final int MAX_TEXT = SoftwareDeployment.MAX_SERVER_ID;

    private final JsonBodies bodies;
    private final InstanceNotifications notifications;

    public InstanceNotificationResource(JsonBodies bodies, InstanceNotifications notifications) {
        this.bodies = bodies;
        this.notifications = notifications;
    }

    /** Records one notification: 202 with what was recorded and the state the instance entered. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> notify(@PathParam("tenant") String tenant, String body) {
        ObjectNode json = bodies.object(body);
        json.fieldNames().forEachRemaining(field -> {
            if (!FIELDS.contains(field)) {
                throw ApiException.badRequest("BadRequest", "Unknown field " + field + ": a notification has only "
                        + String.join(", ", FIELDS));
            }
        });
        String stackId = JsonBodies.required(json, "stack_id", MAX_TEXT);
        String group = JsonBodies.required(json, "group", MAX_TEXT);
        JsonBodies.required(json, "event");
        String event = JsonBodies.oneOf(json, "event", InstanceNotifications.EVENTS);
        String serverId = JsonBodies.required(json, "server_id", MAX_TEXT);
        String name = JsonBodies.string(json, "name", MAX_TEXT);
        Notification notification = new Notification(tenant, stackId, group, event, serverId,
                name == null || name.isEmpty() ? serverId : name, JsonBodies.string(json, "address", MAX_TEXT));
        return notifications.notify(notification).map(nothing -> Response.accepted(
                Map.of("instance_notification", view(notification))).build());
    }

    private static Map<String, Object> view(Notification n) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("stack_id", n.stackId());
        view.put("group", n.group());
        view.put("event", n.event());
        view.put("server_id", n.serverId());
        view.put("name", n.name());
        view.put("address", n.address());
        view.put("state", n.state());
        return view;
    }
}
