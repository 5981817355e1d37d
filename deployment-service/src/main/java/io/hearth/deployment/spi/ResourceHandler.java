package io.hearth.deployment.spi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.types.ResourceTypes;
import io.smallrye.mutiny.Uni;
import java.util.Set;

/**
 * Runs one family of resource types: what Heat's resource plugin does in {@code handle_create},
 * {@code handle_update}, {@code handle_delete} and their {@code check_*_complete}. The engine sets
 * the resource's action and status and publishes its events; a handler only does the work and says
 * how it ended. Every method runs inside the engine's transaction.
 */
public interface ResourceHandler {

    /** The resource types this handler runs. */
    Set<String> types();

    /**
     * The properties with the type's defaults applied, as they are stored and compared on update.
     *
     * @throws ResourceException when a value does not fit its property (Heat's property errors)
     */
    default JsonNode normalize(String resourceName, JsonNode properties) {
        return properties == null || properties.isNull() ? JsonNodeFactory.instance.objectNode() : properties;
    }

    /** Creates the resource ({@code handle_create}). */
    Uni<Outcome> create(ResourceCall call);

    /**
     * Heat's {@code handle_adopt} for a stack adopted from Heat's abandon data without Hearth's signed records
     * ({@link ResourceCall#adopted()} is the resource's entry of that data): only types whose adopted state is what a
     * template could have given anyway adopt (a random string's value, nested stacks made of such types); by default
     * the resource fails, nothing created.
     */
    default Uni<Outcome> adopt(ResourceCall call) {
        return Uni.createFrom().item(Outcome.failed(call.name(), "NotSupported",
                "its type can be adopted only from Hearth's signed abandon data (hearth_signature)"));
    }

    /**
     * How a change of properties is applied ({@code _needs_update}, {@code update_allowed}): the call
     * holds the new properties and the previous ones, which differ. By default the resource-type
     * catalogue decides, the one template-service's update preview asks too
     * ({@link ResourceTypes#updatesInPlace(String, JsonNode, JsonNode)}): in place when every changed property is
     * {@code update_allowed} and the type's own rule ({@code needs_replace_with_prop_diff}) does not replace it,
     * else a replacement.
     */
    default UpdateKind updateKind(ResourceCall call) {
        return ResourceTypes.heat().updatesInPlace(call.row().type, call.previous(), call.properties())
                ? UpdateKind.IN_PLACE : UpdateKind.REPLACE;
    }

    /**
     * {@link #updateKind} for a handler that must read something first (a deployment reads its config's inputs for
     * Heat's {@code replace_on_change}); by default {@link #updateKind} as it is.
     */
    default Uni<UpdateKind> updateKindOf(ResourceCall call) {
        return Uni.createFrom().item(updateKind(call));
    }

    /**
     * Whether the resource needs an update although its properties are unchanged (a template resource whose
     * template changed in the stack's files); the call holds the new plan's stack. By default never.
     */
    default boolean changedBeyondProperties(ResourceCall call) {
        return false;
    }

    /** Updates the resource in place ({@code handle_update}); only called for {@link UpdateKind#IN_PLACE}. */
    default Uni<Outcome> update(ResourceCall call) {
        return Uni.createFrom().item(new Outcome.Complete(call.row().physicalId, call.row().referenceId,
                call.attributes()));
    }

    /**
     * Heat's {@code handle_preempt}: a new traversal reached the resource while an action of an earlier one is still in
     * progress. By default that action goes on (null) and the new traversal waits for it; a resource that can end it
     * early returns how it ended.
     */
    default Uni<Outcome> preempt(ResourceCall call) {
        return Uni.createFrom().nullItem();
    }

    /** Deletes the resource ({@code handle_delete}). */
    default Uni<Outcome> delete(ResourceCall call) {
        return Uni.createFrom().item(new Outcome.Complete(call.row().physicalId, null, attributes()));
    }

    /** Goes on with an action that was {@link Outcome.Waiting} once its time came ({@code check_*_complete}). */
    default Uni<Outcome> resume(ResourceCall call) {
        return Uni.createFrom().item(new Outcome.Complete(call.row().physicalId, call.row().referenceId,
                call.attributes()));
    }

    /**
     * Heat's {@code handle_suspend} (a stack SUSPEND, dependents first): by default there is nothing to do and the
     * resource is SUSPEND_COMPLETE as it is.
     */
    default Uni<Outcome> handleSuspend(ResourceCall call) {
        return Uni.createFrom().item(unchanged(call));
    }

    /** Heat's {@code handle_resume} (a stack RESUME, dependencies first): by default nothing to do. */
    default Uni<Outcome> handleResume(ResourceCall call) {
        return Uni.createFrom().item(unchanged(call));
    }

    /**
     * Whether the type has Heat's {@code handle_check}: one that has none is CHECK_COMPLETE with Heat's reason
     * {@code CHECK not supported for <type>} without being asked ({@link #handleCheck} is not called).
     */
    default boolean checks() {
        return false;
    }

    /** Heat's {@code handle_check}: whether the physical resource is as expected; only called when it {@link #checks}. */
    default Uni<Outcome> handleCheck(ResourceCall call) {
        return Uni.createFrom().item(unchanged(call));
    }

    /** The outcome of an action that leaves the resource as it is: its ids and attributes. */
    static Outcome.Complete unchanged(ResourceCall call) {
        return new Outcome.Complete(call.row().physicalId, call.row().referenceId, call.attributes());
    }

    /**
     * Heat's {@code handle_signal}: applies a signal for this resource and says how the resource's waiting
     * action ends with it, or null when it ends none (the resource waits for nothing, or the signal changes
     * nothing for it). Runs in the engine's transaction with the stack's row locked; the engine applies the
     * outcome only while the resource's action is in progress. By default a signal is logged and ignored.
     */
    default Uni<Outcome> signal(ResourceCall call, Signal signal) {
        org.jboss.logging.Logger.getLogger(ResourceHandler.class).infof("%s %s of type %s takes no %s; ignored",
                call.name(), call.row().physicalId, call.row().type, signal.getClass().getSimpleName());
        return Uni.createFrom().nullItem();
    }

    /**
     * Whether a resource of this type is contextualized (docs/contextualization.md): evaluated again when a resource
     * it reads changes while it is in line with the stack, and updated in place ({@link #update}, with the row's
     * {@code contextDepth} above 0) when its properties changed. Software deployments and deployment groups are;
     * by default nothing else is, as in Heat, where only a stack update changes a resource.
     */
    default boolean contextualizes() {
        return false;
    }

    /**
     * Whether a waiting action of this resource is looked at again ({@link #resume}) as soon as a resource it
     * depends on took a signal, in the signal's transaction: Heat's WaitCondition, whose
     * {@code check_create_complete} reads its handle's signals. False by default.
     */
    default boolean resumesOnSignals() {
        return false;
    }

    /**
     * Whether an update replaces a resource that is FAILED (or marked unhealthy); Heat's
     * {@code needs_replace_failed}, true unless the type never updates at all.
     */
    default boolean replacesFailed() {
        return true;
    }

    /**
     * The name of Heat's plugin class for a type, as Heat's messages show it (a timed-out task names
     * its resource {@code Server "web"}): by default the type's last part.
     */
    default String heatClassName(String type) {
        return type.substring(type.lastIndexOf(':') + 1);
    }

    /** An empty attribute map. */
    static ObjectNode attributes() {
        return JsonNodeFactory.instance.objectNode();
    }
}
