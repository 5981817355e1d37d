package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.client.DeploymentRuntimeClient;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackEvent;
import io.hearth.template.domain.StackSnapshot;
import io.hearth.template.rest.dto.UpdateStackRequest;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Heat's stack snapshots ({@code /v1/{tenant}/stacks/{name}/{id}/snapshots}): a snapshot is the stack's abandon data
 * ({@link AbandonData}: template, environment, files, and each resource's Hearth record from deployment-service's
 * export, which holds a RandomString's value and a deployment's inputs and outputs), taken with the stack's row
 * locked while no action runs; the stack shows {@code SNAPSHOT_COMPLETE} with Heat's two events. Restore is an update
 * to the snapshot's template, environment and files (Heat's {@code Stack.restore} is an update too).
 */
@ApplicationScoped
public class StackSnapshotService {

    private final DeploymentRuntimeClient runtime;
    private final StackUpdateService updates;
    private final StackService stacks;

    public StackSnapshotService(DeploymentRuntimeClient runtime, StackUpdateService updates, StackService stacks) {
        this.runtime = runtime;
        this.updates = updates;
        this.stacks = stacks;
    }

    /**
     * Takes a snapshot of the stack.
     *
     * @param auth the caller's authentication headers, for deployment-service's export
     * @throws ApiException 404 for no such live stack, 409 while an action is in progress, 502 when deployment-service
     *                      does not give the runtime
     */
    @WithTransaction
    public Uni<StackSnapshot> create(String tenant, String name, String id, String snapshotName,
            Map<String, String> auth) {
        return StackUpdateService.lockedAtUrl(tenant, name, id).chain(stack -> {
            if (stack.status == Status.IN_PROGRESS) {
                throw new ApiException(409, "ActionInProgress", "Stack " + stack.name + " already has an action ("
                        + stack.action + ") in progress.");
            }
            return runtime.export(tenant, stack.name, stack.id.toString(), auth)
                    .chain(export -> StackAbandonService.data(stack, export))
                    .chain(data -> {
                        String reason = "Stack SNAPSHOT completed successfully";
                        data.put("status", Status.COMPLETE.name());
                        StackSnapshot snapshot = new StackSnapshot();
                        snapshot.id = UUID.randomUUID();
                        snapshot.stackId = stack.id;
                        snapshot.tenant = tenant;
                        snapshot.name = snapshotName;
                        snapshot.status = Status.COMPLETE.name();
                        snapshot.statusReason = reason;
                        snapshot.data = HearthJson.write(data);
                        snapshot.createdAt = Instant.now();
                        stack.action = Action.SNAPSHOT;
                        stack.status = Status.COMPLETE;
                        stack.statusReason = reason;
                        stack.updatedAt = snapshot.createdAt;
                        return event(stack, Status.IN_PROGRESS, "Stack SNAPSHOT started")
                                .chain(() -> event(stack, Status.COMPLETE, reason))
                                .chain(() -> snapshot.persist()).replaceWith(snapshot);
                    });
        });
    }

    /** The stack's snapshots, oldest first. */
    @WithSession
    public Uni<List<StackSnapshot>> list(String tenant, String name, String id) {
        return live(tenant, name, id).chain(stack -> StackSnapshot.<StackSnapshot>list(
                "stackId = ?1 order by createdAt, id", stack.id));
    }

    /** One of the stack's snapshots; 404 with Heat's text when it has none of that id. */
    @WithSession
    public Uni<StackSnapshot> show(String tenant, String name, String id, String snapshotId) {
        return live(tenant, name, id).chain(stack -> find(stack, snapshotId));
    }

    /** Deletes one of the stack's snapshots. */
    @WithTransaction
    public Uni<Void> delete(String tenant, String name, String id, String snapshotId) {
        return live(tenant, name, id).chain(stack -> find(stack, snapshotId)).chain(StackSnapshot::delete);
    }

    /**
     * Brings the stack back to the snapshot: an update to the template, environment (with the parameters the user
     * gave) and files it recorded.
     *
     * @throws ApiException 404 for no such stack or snapshot, 409 while an action is in progress
     */
    @WithTransaction
    public Uni<Stack> restore(String tenant, String name, String id, String snapshotId) {
        return live(tenant, name, id).chain(stack -> find(stack, snapshotId)).chain(snapshot -> {
            JsonNode data = HearthJson.readTree(snapshot.data);
            Map<String, String> files = new LinkedHashMap<>();
            data.path("files").fields().forEachRemaining(file -> files.put(file.getKey(), file.getValue().asText()));
            UpdateStackRequest request = new UpdateStackRequest(data.get("template"), null, null,
                    data.get("environment"), files, null, null, null, null, null);
            return updates.update(tenant, name, id, request, false, Action.RESTORE);
        });
    }

    /** Heat's snapshot as its API shows it ({@code format_snapshot}). */
    public static Map<String, Object> view(StackSnapshot snapshot) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", snapshot.id.toString());
        view.put("name", snapshot.name);
        view.put("status", snapshot.status);
        view.put("status_reason", snapshot.statusReason);
        view.put("data", HearthJson.readTree(snapshot.data));
        view.put("creation_time", Instant.ofEpochSecond(snapshot.createdAt.getEpochSecond()).toString());
        return view;
    }

    private Uni<Stack> live(String tenant, String name, String id) {
        return stacks.atUrl(tenant, name, id, false);
    }

    private static Uni<StackSnapshot> find(Stack stack, String snapshotId) {
        UUID key = parse(snapshotId);
        return (key == null ? Uni.createFrom().<StackSnapshot>nullItem() : StackSnapshot.<StackSnapshot>findById(key))
                .map(snapshot -> {
                    if (snapshot == null || !snapshot.stackId.equals(stack.id)) {
                        throw ApiException.notFound("The Snapshot (" + snapshotId + ") could not be found.");
                    }
                    return snapshot;
                });
    }

    private static UUID parse(String value) {
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Uni<StackEvent> event(Stack stack, Status status, String reason) {
        StackEvent event = new StackEvent();
        event.id = UUID.randomUUID();
        event.stackId = stack.id;
        event.resourceName = stack.name;
        event.physicalResourceId = stack.id.toString();
        event.resourceType = "OS::Heat::Stack";
        event.action = Action.SNAPSHOT.name();
        event.status = status.name();
        event.statusReason = reason;
        event.eventTime = Instant.now();
        return event.persist();
    }
}
