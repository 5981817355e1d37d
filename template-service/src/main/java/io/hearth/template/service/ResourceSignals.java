package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.platform.rest.ApiException;
import io.hearth.hot.types.ResourceRegistry;
import io.hearth.hot.types.ResourceType;
import io.hearth.hot.types.ResourceTypes;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackEvent;
import io.hearth.template.domain.StackResourceState;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * Heat's resource signal, {@code POST /v1/{tenant}/stacks/{name}/{id}/resources/{resource}/signal}, checked as
 * Heat's engine checks it ({@code service.resource_signal}, {@code Resource.signal}): an unknown resource is 404
 * {@code ResourceNotFound}, a resource being deleted or suspended 400 {@code NotSupported} ({@code Signal resource
 * during DELETE is not supported.}), a type without Heat's {@code handle_signal} 400
 * {@code ResourceActionNotSupported} ({@code signal is not supported for resource.}). A software deployment's signal
 * (a hook's result) is signal-gateway's to publish, so it is forwarded there; any other is a {@code SIGNAL} stack
 * command with the body as Heat's {@code details}, which deployment-service hands to the resource's handler.
 * A body {@code {"unset_hook": HOOK}} clears a breakpoint (Heat's {@code _signal_check_hook}), whatever the resource's
 * type: a hook type that is not one of Heat's, or a hook the resource does not wait at (its latest hook event in the
 * stack's history is not {@code ... paused until Hook HOOK is cleared}), is 400 {@code InvalidBreakPointHook}; an
 * accepted one is the {@code SIGNAL} command, which deployment-service applies as Heat's {@code _unset_hook}.
 */
@ApplicationScoped
public class ResourceSignals {

    /** Heat's resource types that have {@code handle_signal}. */
    static final Set<String> SIGNALLED = Set.of("OS::Heat::WaitConditionHandle", "OS::Heat::UpdateWaitConditionHandle",
            "AWS::CloudFormation::WaitConditionHandle", "OS::Heat::ScalingPolicy", "AWS::AutoScaling::ScalingPolicy",
            "OS::Heat::SoftwareDeployment", "OS::Heat::StructuredDeployment", "OS::Mistral::Workflow");

    /** Those whose signal is a hook's result, which signal-gateway publishes. */
    static final Set<String> DEPLOYMENTS = Set.of("OS::Heat::SoftwareDeployment", "OS::Heat::StructuredDeployment");

    /** Heat's {@code Resource.no_signal_actions}. */
    private static final Set<Action> NO_SIGNAL_ACTIONS = Set.of(Action.SUSPEND, Action.DELETE);

    /** The key of Heat's signal that clears a breakpoint. */
    static final String UNSET_HOOK = "unset_hook";
    private static final String INVALID_HOOK = "InvalidBreakPointHook";
    /** Heat's event when a wait at a hook ended with the action (a delete, a cancel). */
    private static final String WAIT_FAILED = "Failure occurred while waiting.";

    /** Where an accepted signal goes. */
    public enum Route {
        /** Forward the request to signal-gateway. */
        GATEWAY,
        /** Sent to deployment-service as a stack command. */
        ENGINE
    }

    private final StackService stacks;
    private final StackCommands commands;

    public ResourceSignals(StackService stacks, StackCommands commands) {
        this.stacks = stacks;
        this.commands = commands;
    }

    /**
     * Checks a signal for a live stack's resource (by name, as Heat's {@code resource_get}) and, unless it is a
     * deployment's, appends {@code StackActionRequested(SIGNAL, resource, details)} to the outbox.
     *
     * @throws ApiException 404 for an unknown stack or resource, 400 for a resource that takes no signal now
     */
    @WithTransaction
    public Uni<Route> signal(String tenant, String stackName, String stackId, String resource, JsonNode details) {
        return stacks.atUrl(tenant, stackName, stackId, false).chain(stack -> StackResourceState.named(stack.id, resource)
                .onItem().ifNull().failWith(() -> ResourceHealth.notFound(stack, resource))
                .chain(row -> {
                    if (NO_SIGNAL_ACTIONS.contains(row.action)) {
                        throw ApiException.badRequest("NotSupported",
                                "Signal resource during " + row.action + " is not supported.");
                    }
                    JsonNode unset = details != null && details.isObject() ? details.get(UNSET_HOOK) : null;
                    if (unset != null) {
                        return unsetHook(tenant, stack, row, unset.asText(), details);
                    }
                    if (!SIGNALLED.contains(row.resourceType)) {
                        throw ApiException.badRequest("ResourceActionNotSupported", "signal is not supported for resource.");
                    }
                    if (DEPLOYMENTS.contains(row.resourceType)) {
                        return Uni.createFrom().item(Route.GATEWAY);
                    }
                    return send(tenant, stack, row, details);
                }));
    }

    private Uni<Route> send(String tenant, Stack stack, StackResourceState row, JsonNode details) {
        String id = stack.id.toString();
        return commands.send(stack, new StackActionRequested(id, tenant, stack.name, StackActionRequested.SIGNAL,
                row.name, null, details)).replaceWith(Route.ENGINE);
    }

    /** Heat's {@code _signal_check_hook}, then the signal that clears the hook. */
    private Uni<Route> unsetHook(String tenant, Stack stack, StackResourceState row, String hook, JsonNode details) {
        if (!ResourceRegistry.HOOK_TYPES.contains(hook)) {
            throw ApiException.badRequest(INVALID_HOOK, "Invalid hook type \"" + hook + "\" for " + heatName(stack, row));
        }
        String cleared = "Hook " + hook + " is cleared";
        return StackEvent.<StackEvent>find("stackId = ?1 and resourceName = ?2 and (statusReason like ?3"
                + " or statusReason = ?4 or statusReason = ?5) order by seq desc", stack.id, row.name,
                "% paused until Hook " + hook + " is cleared", cleared, WAIT_FAILED).firstResult()
                .chain(latest -> {
                    if (latest == null || latest.statusReason.equals(cleared)
                            || latest.statusReason.equals(WAIT_FAILED)) {
                        throw ApiException.badRequest(INVALID_HOOK, "The \"" + hook + "\" hook is not defined on "
                                + heatName(stack, row));
                    }
                    return send(tenant, stack, row, details);
                });
    }

    /** Heat's {@code str(resource)}: {@code SoftwareDeployment "app" [ID] Stack "s" [ID]}. */
    private static String heatName(Stack stack, StackResourceState row) {
        String className = ResourceTypes.heat().get(row.resourceType).map(ResourceType::heatClassName)
                .orElse("TemplateResource");
        return className + " \"" + row.name + "\" " + (row.physicalResourceId == null || row.physicalResourceId
                .isEmpty() ? "" : "[" + row.physicalResourceId + "] ") + "Stack \"" + stack.name + "\" [" + stack.id
                + "]";
    }
}
