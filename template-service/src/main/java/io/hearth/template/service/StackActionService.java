package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * Heat's stack actions ({@code POST /v1/{tenant}/stacks/{name}/{id}/actions}, {@code heat/api/openstack/v1/actions.py}
 * and the engine's {@code stack_suspend}, {@code stack_resume}, {@code stack_check}, {@code stack_cancel_update}): the
 * body names exactly one action; the stack is checked and {@code StackActionRequested} goes to deployment-service,
 * which runs it. Suspend, resume and check show IN_PROGRESS at once, as an update does.
 */
@ApplicationScoped
public class StackActionService {

    /** The body's action names, as Heat's API takes them, and the command each one sends. */
    private static final Map<String, String> ACTIONS = Map.of(
            "suspend", StackActionRequested.SUSPEND,
            "resume", StackActionRequested.RESUME,
            "check", StackActionRequested.CHECK,
            "cancel_update", StackActionRequested.CANCEL_UPDATE,
            "cancel_without_rollback", StackActionRequested.CANCEL_WITHOUT_ROLLBACK);

    private final StackCommands commands;

    public StackActionService(StackCommands commands) {
        this.commands = commands;
    }

    /**
     * Runs the action the body names.
     *
     * @throws ApiException 400 for a body that names no action, several, or an unknown one (Heat's texts), and for a
     *                      cancel of a stack that is not being updated or created ({@code NotSupported}); 404 for no
     *                      such live stack; 409 {@code ActionInProgress} for a suspend, resume or check while another
     *                      action is in progress
     */
    @WithTransaction
    public Uni<Void> act(String tenant, String name, String id, JsonNode body) {
        String command = command(body);
        return StackUpdateService.lockedAtUrl(tenant, name, id).chain(stack -> switch (command) {
            case StackActionRequested.CANCEL_UPDATE, StackActionRequested.CANCEL_WITHOUT_ROLLBACK ->
                    cancel(stack, command);
            default -> sweep(stack, Action.valueOf(command));
        });
    }

    /** The command of the one action the body names. */
    private static String command(JsonNode body) {
        if (body == null || !body.isObject() || body.isEmpty()) {
            throw ApiException.badRequest("HTTPBadRequest", "No action specified");
        }
        if (body.size() > 1) {
            throw ApiException.badRequest("HTTPBadRequest", "Multiple actions specified");
        }
        Iterator<String> names = body.fieldNames();
        String action = names.next();
        String command = ACTIONS.get(action);
        if (command == null) {
            throw ApiException.badRequest("HTTPBadRequest", "Invalid action " + action + " specified");
        }
        return command;
    }

    /**
     * Suspend, resume, check: as Heat, a stack already suspended (resumed) is not suspended (resumed) again; one
     * being deleted cannot take them; one busy with another action answers 409.
     */
    private Uni<Void> sweep(Stack stack, Action action) {
        if (stack.status == Status.IN_PROGRESS) {
            throw new ApiException(409, "ActionInProgress",
                    "Stack " + stack.name + " already has an action (" + stack.action + ") in progress.");
        }
        if (stack.action == Action.DELETE) {
            throw ApiException.badRequest("NotSupported", capitalized(action) + " of a stack that is being deleted"
                    + " is not supported.");
        }
        if (action != Action.CHECK && stack.action == action && stack.status == Status.COMPLETE) {
            return Uni.createFrom().voidItem();
        }
        stack.action = action;
        stack.status = Status.IN_PROGRESS;
        stack.statusReason = "Stack " + action + " started";
        stack.updatedAt = Instant.now();
        return send(stack, action.name());
    }

    /**
     * Heat's {@code stack_cancel_update}: {@code cancel_update} (with rollback) while an update is in progress,
     * {@code cancel_without_rollback} while a create or an update is.
     */
    private Uni<Void> cancel(Stack stack, String command) {
        boolean rollback = StackActionRequested.CANCEL_UPDATE.equals(command);
        boolean allowed = stack.status == Status.IN_PROGRESS
                && (stack.action == Action.UPDATE || !rollback && stack.action == Action.CREATE);
        if (!allowed) {
            throw ApiException.badRequest("NotSupported", "Cancelling update when stack is "
                    + stack.action.with(stack.status) + " is not supported.");
        }
        return send(stack, command);
    }

    private Uni<Void> send(Stack stack, String command) {
        String stackId = stack.id.toString();
        return commands.send(stack, new StackActionRequested(stackId, stack.tenant, stack.name, command))
                .replaceWithVoid();
    }

    private static String capitalized(Action action) {
        String name = action.name().toLowerCase(Locale.ROOT);
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
