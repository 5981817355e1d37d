package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.StackAbandonRequested;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.client.DeploymentRuntimeClient;
import io.hearth.template.config.AdoptionConfig;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackEvent;
import io.hearth.template.domain.StackResourceState;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Heat's stack abandon ({@code DELETE /v1/{tenant}/stacks/{name}/{id}/abandon}): with the stack's row locked, reads
 * deployment-service's export of its runtime, answers Heat's abandon data ({@link AbandonData}, signed), forgets the
 * stack (its nested stacks, resources and events too) and appends {@code StackAbandonRequested}, in one
 * transaction: deployment-service then forgets its runtime rows without deleting anything real. A stack whose action
 * is in progress is refused (409), as Heat's stack lock refuses it.
 */
@ApplicationScoped
public class StackAbandonService {

    private final StackService stacks;
    private final DeploymentRuntimeClient runtime;
    private final AbandonSignature signature;
    private final StackCommands commands;
    private final AdoptionConfig config;

    public StackAbandonService(StackService stacks, DeploymentRuntimeClient runtime, AbandonSignature signature,
            StackCommands commands, AdoptionConfig config) {
        this.stacks = stacks;
        this.runtime = runtime;
        this.signature = signature;
        this.commands = commands;
        this.config = config;
    }

    /**
     * Abandons the stack and answers its abandon data.
     *
     * @param auth the caller's authentication headers, for deployment-service
     * @throws ApiException 400 when abandon is switched off, 404 for no such stack, 409 while an action runs, 502
     *                      when deployment-service does not give the runtime
     */
    @WithTransaction
    public Uni<ObjectNode> abandon(String tenant, String name, String id, Map<String, String> auth) {
        if (!config.enableAbandon()) {
            throw notSupported("Stack Abandon");
        }
        return stacks.atUrl(tenant, name, id, false)
                .chain(found -> Stack.<Stack>findById(found.id, LockModeType.PESSIMISTIC_WRITE))
                .chain(stack -> {
                    if (stack.status == Status.IN_PROGRESS) {
                        throw new ApiException(409, "ActionInProgress", "Stack " + stack.name
                                + " already has an action (" + stack.action + ") in progress.");
                    }
                    return runtime.export(tenant, stack.name, stack.id.toString(), auth)
                            .chain(export -> data(stack, export))
                            .invoke(data -> data.put(AbandonData.SIGNATURE, signature.sign(tenant,
                                    stack.id.toString(), AbandonData.records(data))))
                            .call(() -> forget(stack))
                            .call(() -> commands.send(stack, new StackAbandonRequested(stack.id.toString(), tenant, stack.name)));
                });
    }

    /** Heat's refusal of a feature its configuration leaves off. */
    static ApiException notSupported(String feature) {
        return ApiException.badRequest("NotSupported", feature + " is not supported.");
    }

    /** The stack's abandon data, its nested stacks' nested in the resources that own them (snapshots too). */
    static Uni<ObjectNode> data(Stack stack, JsonNode export) {
        Map<String, ObjectNode> nested = new LinkedHashMap<>();
        List<Map.Entry<String, JsonNode>> children = new ArrayList<>();
        export.path("nested").fields().forEachRemaining(children::add);
        Uni<Void> done = Uni.createFrom().voidItem();
        for (Map.Entry<String, JsonNode> child : children) {
            UUID childId = Stack.parseId(child.getValue().path("id").asText());
            done = done.chain(() -> Stack.<Stack>findById(childId)).chain(nestedStack -> nestedStack == null
                    ? Uni.createFrom().voidItem()
                    : data(nestedStack, child.getValue()).invoke(d -> nested.put(child.getKey(), d)).replaceWithVoid());
        }
        return done.chain(() -> StackResourceState.<StackResourceState>list("stackId = ?1 order by position", stack.id))
                .map(resources -> AbandonData.of(stack, resources, export, nested));
    }

    /** Forgets the stack and its nested stacks, their resources and events. */
    private static Uni<Void> forget(Stack stack) {
        return tree(List.of(stack.id)).chain(ids -> StackEvent.delete("stackId in ?1", ids)
                .chain(() -> StackResourceState.delete("stackId in ?1", ids))
                .chain(() -> Stack.delete("id in ?1", ids))).replaceWithVoid();
    }

    /** The ids given and those of their nested stacks, every level down. */
    private static Uni<List<UUID>> tree(List<UUID> ids) {
        return Stack.<Stack>list("parentId in ?1", ids).chain(children -> {
            if (children.isEmpty()) {
                return Uni.createFrom().item(ids);
            }
            return tree(children.stream().map(s -> s.id).toList()).map(below -> {
                List<UUID> all = new ArrayList<>(ids);
                all.addAll(below);
                return all;
            });
        });
    }
}
