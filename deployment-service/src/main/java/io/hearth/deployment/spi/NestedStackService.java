package io.hearth.deployment.spi;

import static io.hearth.contracts.stack.Status.IN_PROGRESS;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.stack.Action;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.hot.TemplateException;
import io.hearth.hot.plan.StackPlanner;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;

/**
 * The engine's nested stacks as resource handlers see them (Heat's {@code StackResource}): the one engine service
 * through which a resource owns a stack of its own. The engine implements it; every method runs in the engine's
 * transaction of the parent.
 */
public interface NestedStackService {

    /** The attribute of a nested-stack resource that holds its nested resources' ids by name. */
    String NESTED_RESOURCES = "hearth.resources";

    /** Heat's {@code max_nested_stack_depth}. */
    int MAX_DEPTH = StackPlanner.MAX_NESTED_DEPTH;

    /**
     * A nested stack as one step left it.
     *
     * @param stack   its row (action, status, reason, name, id)
     * @param rows    its resource rows, replaced ones included
     * @param outputs its outputs by name, evaluated when its create or update completed; else empty
     */
    record NestedStack(StackRuntime stack, List<ResourceRuntime> rows, Map<String, JsonNode> outputs) {

        /** The nested stack's id. */
        public String id() {
            return stack.id.toString();
        }

        /** Whether the action is over (COMPLETE or FAILED). */
        public boolean ended() {
            return stack.status != IN_PROGRESS;
        }
    }

    /** What a resource makes of the end of its nested stack's action. */
    interface Owner {
        /** The resource's outcome once the nested stack's create or update completed: its ids and attributes. */
        Outcome.Complete completed(ResourceCall call, NestedStack nested);

        /** The resource's failure once the nested stack's action failed; by default Heat's {@code ResourceFailure}. */
        default Outcome.Failed failed(ResourceCall call, NestedStack nested) {
            return NestedStackService.resourceFailure(call.name(), call.action(), nested.stack().statusReason);
        }

        /**
         * Whether an update of the nested stack still reads the files it was last given beside the parent's new
         * ones (Heat's {@code get_child_template_files} for a rolling update: members not yet updated keep their
         * old definitions, whose templates the new files may no longer hold). By default not.
         */
        default boolean keepsPreviousFiles(ResourceCall call) {
            return false;
        }
    }

    /**
     * A template from the parent stack's {@code files}, read and outlined.
     *
     * @throws TemplateException when it is not there or cannot be read
     */
    JsonNode fileTemplate(ResourceCall call, String name);

    /**
     * A template given as text (an {@code OS::Heat::Stack}'s {@code template}), read and outlined.
     *
     * @throws TemplateException when it cannot be read
     */
    JsonNode textTemplate(String text);

    /**
     * Creates the resource's nested stack and starts its CREATE, or its ADOPT from the resource's part of the adopt
     * data ({@link ResourceCall#adopted()}) when the resource is adopted.
     *
     * @param template      the nested template ({@link #fileTemplate}, {@link #textTemplate}, or one the caller
     *                      built, as a group does)
     * @param parameters    the nested stack's parameter values (a map), may be null
     * @param timeoutMins   the nested stack's timeout; null for the parent's
     * @param registryType  the type whose registry entry made the resource a template resource (removed from the
     *                      nested environment, as Heat does); null for none
     * @return Complete or Failed when the nested stack ended at once, else Waiting; a template the nested stack
     *         cannot be planned from fails the resource with the planner's message
     */
    Uni<Outcome> create(ResourceCall call, JsonNode template, JsonNode parameters, Integer timeoutMins,
            String registryType, Owner owner);

    /**
     * Updates the resource's nested stack to a new template and parameters (Heat updates it in place, and its
     * resources decide what changes); creates it when it has none.
     */
    Uni<Outcome> update(ResourceCall call, JsonNode template, JsonNode parameters, Integer timeoutMins,
            String registryType, Owner owner);

    /**
     * Heat's {@code StackResource.handle_preempt}: a new traversal of the parent reached the resource while its nested
     * stack's create or update of an earlier one still runs. That action is cancelled without rollback (FAILED,
     * {@code Stack UPDATE cancelled}; {@code StackEngine.cancel}), so the resource's earlier action fails and the new
     * traversal brings it in line at once; its nested stack's resources still waiting are preempted the same way by
     * its next update, or deleted by it. Null (nothing to preempt) when the nested stack is not creating or updating.
     */
    Uni<Outcome> preempt(ResourceCall call, Owner owner);

    /** Deletes the resource's nested stack, its resources first; complete once it is DELETE_COMPLETE. */
    Uni<Outcome> delete(ResourceCall call);

    /**
     * A stack action of the resource's nested stack (Heat's {@code StackResource.handle_suspend},
     * {@code handle_resume}, {@code handle_check}): the nested stack takes the resource's action, as far as it goes in
     * this transaction; the resource completes as it is once the nested stack completed it, and fails with Heat's
     * {@code ResourceFailure} once it failed ({@link #settled}). A resource with no nested stack has nothing to do.
     */
    Uni<Outcome> sweep(ResourceCall call);

    /**
     * How the resource's waiting action ends now that its nested stack may have settled (the handler's
     * {@code signal} and {@code resume}): the outcome when the nested stack's action that serves the resource's
     * (a create or update for its create or update, a delete for its delete) ended; {@link Outcome.Waiting}
     * while it goes on.
     */
    Uni<Outcome> settled(ResourceCall call, Owner owner);

    /** The resource's nested stack as it is now (its row locked), with its rows and outputs; null when none. */
    Uni<NestedStack> read(ResourceCall call);

    /** Heat's {@code ResourceFailure} of a resource whose nested stack failed with {@code reason}. */
    static Outcome.Failed resourceFailure(String resourceName, Action action, String reason) {
        String text = reason == null ? "" : reason;
        String error = "";
        String path = "resources." + resourceName;
        String message = text;
        if (text.contains("Resource " + action + " failed: ")) {
            // heat.common.exception.ResourceFailure._from_status_reason
            String[] parts = text.split(":", -1);
            if (parts.length >= 4) {
                error = parts[1].strip();
                StringBuilder joined = new StringBuilder();
                for (int i = 3; i < parts.length; i++) {
                    joined.append(i > 3 ? ": " : "").append(parts[i].strip());
                }
                message = joined.toString();
                path = heatPath(path + "." + parts[2].strip());
            }
        }
        return new Outcome.Failed((error.isEmpty() ? "" : error + ": ") + path + ": " + message);
    }

    /** {@code HeatExceptionWithPath}: path items joined with dots, numeric ones as {@code [n]}. */
    private static String heatPath(String dotted) {
        StringBuilder path = new StringBuilder();
        for (String item : dotted.split("\\.")) {
            if (!item.isEmpty() && item.chars().allMatch(Character::isDigit)) {
                path.append('[').append(item).append(']');
            } else {
                path.append(path.length() > 0 ? "." : "").append(item);
            }
        }
        return path.toString();
    }
}
