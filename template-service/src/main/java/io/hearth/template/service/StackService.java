package io.hearth.template.service;

import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.rest.DatabaseErrors;
import io.hearth.template.domain.Stack;
import io.hearth.template.rest.dto.CreateStackRequest;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.UUID;
import java.util.regex.Pattern;

/** Stack use cases: each change and the command it causes commit together through the outbox. */
@ApplicationScoped
public class StackService {

    /** Heat's rule for stack names. */
    private static final Pattern NAME = Pattern.compile("[a-zA-Z][a-zA-Z0-9_.-]{0,254}");

    private final StackDefinitions definitions;
    private final StackCommands commands;
    private final StackResources resources;

    public StackService(StackDefinitions definitions, StackCommands commands, StackResources resources) {
        this.definitions = definitions;
        this.commands = commands;
        this.resources = resources;
    }

    /**
     * Validates and plans a new stack, stores it as CREATE_IN_PROGRESS and asks
     * deployment-service to create it.
     *
     * @throws ApiException 400 for an invalid request or template, 409 for a name in use
     */
    @WithTransaction
    public Uni<Stack> create(String tenant, CreateStackRequest request) {
        Stack stack = newStack(tenant, request);
        StackPlan plan = plan(request, stack);
        return Stack.findLive(tenant, stack.name)
                .chain(existing -> {
                    if (existing != null) {
                        throw exists(stack.name);
                    }
                    // Flushed now: a concurrent create of the name that committed first fails this insert
                    // on the unique index, and its loser gets Heat's 409 too.
                    return stack.<Stack>persistAndFlush();
                })
                .onFailure(DatabaseErrors::isUniqueViolation).transform(e -> exists(stack.name))
                .call(() -> resources.planned(stack, plan))
                .call(() -> commands.send(stack,
                        new StackCreateRequested(stack.id.toString(), tenant, stack.name, plan)));
    }

    /** Heat's 409 for a name a live stack of the tenant has. */
    static ApiException exists(String name) {
        return new ApiException(409, "StackExists", "The Stack (" + name + ") already exists.");
    }

    /**
     * Starts deleting a stack and asks deployment-service to delete what it created; a stack
     * already being deleted is left as it is.
     *
     * @throws ApiException 404 when the tenant has no such live stack
     */
    @WithTransaction
    public Uni<Void> delete(String tenant, String name, String id) {
        return atUrl(tenant, name, id, false).chain(stack -> {
            if (stack.action == Action.DELETE) {
                return Uni.createFrom().voidItem();
            }
            stack.action = Action.DELETE;
            stack.status = Status.IN_PROGRESS;
            stack.statusReason = "Stack DELETE started";
            stack.updatedAt = Instant.now();
            return commands.send(stack, new StackDeleteRequested(stack.id.toString(), tenant, stack.name))
                    .replaceWithVoid();
        });
    }

    /**
     * The stack a name or id identifies, as Heat's {@code identify_stack}: an id names a stack deleted or not (Heat
     * shows a deleted one by id); otherwise, as in Heat, the text is a live stack's name (even one shaped like an id).
     *
     * @throws ApiException 404 when there is none
     */
    public Uni<Stack> identify(String tenant, String nameOrId) {
        return orNotFound(Stack.findAny(tenant, nameOrId).chain(stack -> stack != null ? Uni.createFrom().item(stack)
                : Stack.findLiveByName(tenant, nameOrId)), nameOrId);
    }

    /**
     * The stack a canonical URL {@code /stacks/{name}/{id}} names.
     *
     * @param deletedToo whether a deleted stack counts (Heat shows one by id)
     * @throws ApiException 404 when there is none, or its name is not {@code name}
     */
    public Uni<Stack> atUrl(String tenant, String name, String id, boolean deletedToo) {
        Uni<Stack> byId = deletedToo ? Stack.findAny(tenant, id) : Stack.findLive(tenant, id);
        return orNotFound(byId.map(stack -> stack != null && stack.name.equals(name) ? stack : null), name);
    }

    private static Uni<Stack> orNotFound(Uni<Stack> found, String name) {
        return found.onItem().ifNull()
                .failWith(() -> ApiException.notFound("The Stack (" + name + ") could not be found."));
    }

    /**
     * A new stack from a create (or preview) request: its name and options checked, CREATE_IN_PROGRESS.
     *
     * @throws ApiException 400 for a missing body, an invalid name or timeout
     */
    static Stack newStack(String tenant, CreateStackRequest request) {
        if (request == null) {
            throw ApiException.badRequest("InvalidRequest", "The request body is missing");
        }
        if (request.stackName() == null || !NAME.matcher(request.stackName()).matches()) {
            throw ApiException.badRequest("StackValidationFailed", "Invalid stack name " + request.stackName()
                    + ": it must start with a letter and contain only letters, digits, '_', '-' and '.'"
                    + " (at most 255 characters)");
        }
        if (request.timeoutMins() != null && request.timeoutMins() <= 0) {
            throw ApiException.badRequest("StackValidationFailed", "timeout_mins must be a positive number of minutes");
        }
        Stack stack = new Stack();
        stack.id = UUID.randomUUID();
        stack.tenant = tenant;
        stack.name = request.stackName();
        stack.timeoutMins = request.timeoutMins();
        stack.disableRollback = request.disableRollback() == null || request.disableRollback();
        stack.action = Action.CREATE;
        stack.status = Status.IN_PROGRESS;
        stack.statusReason = "Stack CREATE started";
        stack.createdAt = Instant.now();
        return stack;
    }

    private StackPlan plan(CreateStackRequest request, Stack stack) {
        StackDefinition definition = definitions.read(request.template(), request.templateUrl(), null,
                request.environment(), request.environmentFiles(), request.parameters(), request.files());
        StackPlan plan = definitions.plan(definition, new StackIdentity(stack.name, stack.id.toString(), stack.tenant),
                request.timeoutMins(), stack.disableRollback);
        StackDefinitions.store(stack, definition, plan);
        return plan;
    }
}
