package io.hearth.template.service;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.StackUpdateRequested;
import io.hearth.hot.HeatEnvironment;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.params.ParameterParser;
import io.hearth.hot.params.ResolvedParameters;
import io.hearth.hot.plan.NestedPlanDiff;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import io.hearth.template.rest.dto.UpdateStackRequest;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Set;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Stack update (Heat's PUT, and PATCH with its {@code existing} semantics) and update preview.
 * An update is read, validated and planned exactly as a create is; the stack then shows
 * UPDATE_IN_PROGRESS and its new definition, and {@code StackUpdateRequested} with the complete
 * new plan commits with it through the outbox.
 *
 * <p>The stack's status version is left as it is: it is the version of the last status event
 * applied, so every event deployment-service emits for the update (a greater version) is applied,
 * and an older event delivered late is not.
 */
@ApplicationScoped
public class StackUpdateService {

    /**
     * The actions an update takes over while they are in progress, as Heat's convergence engine does (a new traversal
     * supersedes the running one); an update during a suspend, resume or check is refused with 409.
     */
    private static final Set<Action> SUPERSEDED = EnumSet.of(Action.CREATE, Action.UPDATE, Action.ROLLBACK);

    private static final TypeReference<Map<String, JsonNode>> VALUES = new TypeReference<>() {
    };
    private static final TypeReference<Map<String, String>> FILES = new TypeReference<>() {
    };

    private final StackDefinitions definitions;
    private final StackService stacks;
    private final StackCommands commands;
    private final StackResources resources;
    private final StackPlanner planner;

    public StackUpdateService(StackDefinitions definitions, StackService stacks, StackCommands commands,
            StackResources resources, StackPlanner planner) {
        this.definitions = definitions;
        this.stacks = stacks;
        this.commands = commands;
        this.resources = resources;
        this.planner = planner;
    }

    /** A stack's new definition and plan, not yet stored. */
    public record Update(Stack stack, StackDefinition definition, StackPlan plan) {
    }

    /**
     * An update preview: the stack's current plan and the plan the update would give it, with what would happen to
     * each resource (with {@code show_nested}, to the resources of its nested stacks too).
     */
    public record Preview(Stack stack, StackPlan current, StackPlan next, NestedPlanDiff changes) {
    }

    /**
     * Updates a stack: it shows UPDATE_IN_PROGRESS with its new template, environment, files and
     * parameters, and deployment-service is asked to bring it there.
     *
     * @param patch Heat's PATCH: keep the template, parameters, environment and files not given
     * @throws ApiException 400 for an invalid request or template (nothing changes), 404 for no such
     *                      live stack, 409 while another action is in progress
     */
    @WithTransaction
    public Uni<Stack> update(String tenant, String name, String id, UpdateStackRequest request, boolean patch) {
        return update(tenant, name, id, request, patch, Action.UPDATE);
    }

    /**
     * An update whose stack shows {@code action}: UPDATE, or RESTORE for a snapshot's restore (Heat's
     * {@code Stack.restore}: RESTORE_IN_PROGRESS, then RESTORE_COMPLETE or RESTORE_FAILED, never rolled back).
     */
    @WithTransaction
    public Uni<Stack> update(String tenant, String name, String id, UpdateStackRequest request, boolean patch,
            Action action) {
        UpdateStackRequest body = checked(request);
        return lockedAtUrl(tenant, name, id).map(stack -> {
            refuseAction(stack);
            Update update = prepare(stack, body, patch);
            if (stack.status == Status.IN_PROGRESS && !SUPERSEDED.contains(stack.action)) {
                throw new ApiException(409, "ActionInProgress",
                        "Stack " + stack.name + " already has an action (" + stack.action + ") in progress.");
            }
            StackDefinitions.keepPrevious(stack);
            StackDefinitions.store(stack, update.definition(), update.plan());
            stack.action = action;
            stack.status = Status.IN_PROGRESS;
            stack.statusReason = "Stack " + action + " started";
            stack.updatedAt = Instant.now();
            return update;
        }).call(update -> resources.planned(update.stack(), update.plan())).call(update -> {
            String stackId = update.stack().id.toString();
            return commands.send(update.stack(),
                    new StackUpdateRequested(stackId, tenant, update.stack().name, update.plan(), action));
        }).map(Update::stack);
    }

    /**
     * What an update would do, changing nothing (Heat's update preview).
     *
     * @throws ApiException 400 for an invalid request or template, 404 for no such live stack
     */
    @WithSession
    public Uni<Preview> preview(String tenant, String name, String id, UpdateStackRequest request, boolean patch,
            boolean showNested) {
        UpdateStackRequest body = checked(request);
        return stacks.atUrl(tenant, name, id, false).chain(stack -> {
            Update update = prepare(stack, body, patch);
            JsonNode template = HearthJson.readTree(stack.template);
            StackIdentity identity = identity(stack);
            StackPlan current = definitions.plan(new StackDefinition(template, null,
                    HeatEnvironment.of(storedEnvironment(stack), null), storedFiles(stack)), identity,
                    stack.timeoutMins, stack.disableRollback);
            NestedPlanDiff.Stack before = new NestedPlanDiff.Stack(List.of(), identity, template, current);
            NestedPlanDiff.Stack after = new NestedPlanDiff.Stack(List.of(), identity, update.definition().template(),
                    update.plan());
            if (!showNested) {
                return Uni.createFrom().item(new Preview(stack, current, update.plan(),
                        NestedPlanDiff.between(before, after)));
            }
            return nestedStacks(stack).map(nested -> new Preview(stack, current, update.plan(),
                    NestedPlanDiff.between(planner, before, after, path -> nested.getOrDefault(path,
                            new StackIdentity(stack.name + "-" + String.join("-", path), StackPreviewService.NO_ID,
                                    stack.tenant)))));
        });
    }

    /** The live nested stacks under a stack, by the names of the resources that own them from the stack's down. */
    private static Uni<Map<List<String>, StackIdentity>> nestedStacks(Stack top) {
        Map<List<String>, StackIdentity> found = new HashMap<>();
        return below(Map.of(top.id, List.of()), found, StackPlanner.MAX_NESTED_DEPTH).replaceWith(found);
    }

    private static Uni<Void> below(Map<UUID, List<String>> parents, Map<List<String>, StackIdentity> found,
            int levels) {
        if (parents.isEmpty() || levels == 0) {
            return Uni.createFrom().voidItem();
        }
        return Stack.<Stack>list("parentId in ?1 and deletedAt is null order by createdAt", parents.keySet())
                .chain(children -> {
                    Map<UUID, List<String>> next = new HashMap<>();
                    for (Stack child : children) {
                        List<String> path = new ArrayList<>(parents.get(child.parentId));
                        path.add(child.parentResource);
                        found.put(path, identity(child)); // the latest made wins, as the resource shows it
                        next.put(child.id, path);
                    }
                    return below(next, found, levels - 1);
                });
    }

    /** Reads and plans the update, PATCH merged over what the stack has; Heat's immutable parameters kept. */
    private Update prepare(Stack stack, UpdateStackRequest body, boolean patch) {
        boolean existing = patch || Boolean.TRUE.equals(body.existing());
        Map<String, String> requestFiles = body.files() == null ? Map.of() : body.files();
        Map<String, String> readable = requestFiles;
        if (existing) { // Heat reads a PATCH's environment files from the stack's files and the request's
            readable = new HashMap<>(storedFiles(stack));
            readable.putAll(requestFiles);
        }
        StackDefinition given = definitions.read(body.template(), body.templateUrl(),
                existing ? HearthJson.readTree(stack.template) : null, body.environment(), body.environmentFiles(),
                body.parameters(), readable);
        StackDefinition definition = given;
        if (existing) {
            Map<String, String> files = new HashMap<>(storedFiles(stack));
            files.putAll(given.files());
            definition = new StackDefinition(given.template(), given.sources(),
                    HeatEnvironment.patch(storedEnvironment(stack), given.environment(),
                            body.clearParameters() == null ? List.of() : body.clearParameters(),
                            given.declaredParameters()),
                    files);
        }
        Integer timeout = body.timeoutMins() == null || body.timeoutMins() == 0 ? stack.timeoutMins
                : body.timeoutMins();
        boolean disableRollback = body.disableRollback() == null ? stack.disableRollback : body.disableRollback();
        StackPlan plan = definitions.plan(definition, identity(stack), timeout, disableRollback);
        List<String> modified = new ResolvedParameters(ParameterParser.parse(definition.template()),
                plan.parameters(), List.of(), List.of())
                .immutableParametersModified(HearthJson.read(stack.parameters, VALUES));
        if (!modified.isEmpty()) {
            throw ApiException.badRequest("ImmutableParameterModified", ResolvedParameters.immutableMessage(modified));
        }
        return new Update(stack, definition, plan);
    }

    /** Heat refuses to update a suspended stack or one being deleted, whatever the status. */
    private static void refuseAction(Stack stack) {
        if (stack.action == Action.SUSPEND) {
            throw ApiException.badRequest("NotSupported", "Updating a stack when it is suspended is not supported.");
        }
        if (stack.action == Action.DELETE) {
            throw ApiException.badRequest("NotSupported", "Updating a stack when it is deleting is not supported.");
        }
    }

    private static UpdateStackRequest checked(UpdateStackRequest request) {
        if (request == null) {
            throw ApiException.badRequest("InvalidRequest", "The request body is missing");
        }
        if (request.timeoutMins() != null && request.timeoutMins() < 0) {
            throw ApiException.badRequest("HTTPBadRequest", "Value '" + request.timeoutMins()
                    + "' is invalid for 'timeout_mins' which only accepts non-negative integer.");
        }
        return request;
    }

    /** The live stack a canonical URL names, locked until the transaction ends (one update at a time). */
    static Uni<Stack> lockedAtUrl(String tenant, String name, String id) {
        UUID uuid = Stack.parseId(id);
        Uni<Stack> found = uuid == null ? Uni.createFrom().nullItem()
                : Stack.<Stack>find("tenant = ?1 and id = ?2 and deletedAt is null", tenant, uuid)
                        .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult();
        return found.map(stack -> stack != null && stack.name.equals(name) ? stack : null)
                .onItem().ifNull().failWith(() -> ApiException.notFound("The Stack (" + name + ") could not be found."));
    }

    private static StackIdentity identity(Stack stack) {
        return new StackIdentity(stack.name, stack.id.toString(), stack.tenant);
    }

    private static JsonNode storedEnvironment(Stack stack) {
        return stack.environment == null ? null : HearthJson.readTree(stack.environment);
    }

    private static Map<String, String> storedFiles(Stack stack) {
        return stack.files == null ? Map.of() : HearthJson.read(stack.files, FILES);
    }
}
