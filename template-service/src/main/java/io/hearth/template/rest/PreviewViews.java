package io.hearth.template.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.hot.CfnOutline;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.params.ParameterParser;
import io.hearth.hot.params.ResolvedParameters;
import io.hearth.hot.plan.DeploymentRerun;
import io.hearth.hot.plan.NestedPlanDiff;
import io.hearth.hot.plan.PreviewValues;
import io.hearth.template.rest.dto.Link;
import io.hearth.template.rest.dto.ResourcePreview;
import io.hearth.template.rest.dto.StackPreview;
import io.hearth.template.rest.dto.StackView;
import io.hearth.template.service.StackPreviewService;
import io.hearth.template.service.StackUpdateService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/** Builds Heat's stack preview and update preview bodies from plans. */
@ApplicationScoped
public class PreviewViews {

    /** The stack as Heat's preview shows it ({@code format_stack_preview}). */
    public StackPreview stack(UriInfo uri, StackPreviewService.Result preview) {
        StackPlan plan = preview.plan();
        String href = uri.getBaseUriBuilder().path("v1").path(preview.tenant()).path("stacks").path(preview.name())
                .path(StackPreviewService.NO_ID).build().toString();
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put(StackIdentity.STACK_ID, StackPreviewService.NO_ID);
        parameters.put(StackIdentity.STACK_NAME, preview.name());
        parameters.put(StackIdentity.PROJECT_ID, preview.tenant());
        parameters.putAll(new ResolvedParameters(ParameterParser.parse(preview.template()), plan.parameters(),
                List.of(), List.of()).displayValues());
        List<StackView.Output> outputs = plan.outputs().entrySet().stream()
                .map(e -> new StackView.Output(e.getKey(), e.getValue().value(),
                        e.getValue().description() == null ? "No description given" : e.getValue().description()))
                .toList();
        Target target = new Target(preview.tenant(), preview.name(), StackPreviewService.NO_ID, preview.template(),
                plan);
        List<ResourcePreview> resources = plan.resources().stream().map(r -> resource(target, r, true, null)).toList();
        String description = plan.description() == null ? "No description" : plan.description();
        return new StackPreview(StackPreviewService.NO_ID, List.of(Link.self(href)), preview.name(), description,
                description, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), null, null, parameters,
                outputs, resources, plan.timeoutMins(), plan.disableRollback(), List.of(), List.of(), null, null,
                preview.tenant(), null);
    }

    /**
     * Heat's update preview, {@code {"resource_changes": {...}}}: updated and deleted resources as
     * the stack has them now, the others as the update would make them; a resource of a nested stack
     * ({@code show_nested}) names the resource that owns its stack ({@code parent_resource}).
     */
    public Map<String, Map<String, List<ResourcePreview>>> changes(StackUpdateService.Preview preview) {
        NestedPlanDiff diff = preview.changes();
        List<String> changed = new ArrayList<>();
        Stream.of(diff.updated(), diff.replaced(), diff.added()).flatMap(List::stream)
                .filter(entry -> entry.stack().path().isEmpty()).forEach(entry -> changed.add(entry.resource()));
        // a deployment of the top stack says whether it would run again (Hearth's hearth_deployment)
        Reruns reruns = (entry, replaced) -> !entry.stack().path().isEmpty() ? null
                : DeploymentRerun.of(find(preview.current(), entry.resource()),
                        find(preview.next(), entry.resource()), replaced, changed);
        Map<String, List<ResourcePreview>> changes = new LinkedHashMap<>();
        changes.put("unchanged", resources(diff.unchanged(), entry -> reruns.of(entry, false)));
        changes.put("updated", resources(diff.updated(), entry -> reruns.of(entry, false)));
        changes.put("replaced", resources(diff.replaced(), entry -> reruns.of(entry, true)));
        changes.put("added", resources(diff.added(), entry -> null));
        changes.put("deleted", resources(diff.deleted(), entry -> null));
        return Map.of("resource_changes", changes);
    }

    /** A deployment's rerun preview, replaced or not. */
    private interface Reruns {
        DeploymentRerun of(NestedPlanDiff.Entry entry, boolean replaced);
    }

    private static PlannedResource find(StackPlan plan, String name) {
        return plan.resources().stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    /** A stack's plan with what is needed to show its resources. */
    private record Target(String tenant, String stackName, String stackId, JsonNode template, StackPlan plan,
            String parentResource) {

        Target(String tenant, String stackName, String stackId, JsonNode template, StackPlan plan) {
            this(tenant, stackName, stackId, template, plan, null);
        }

        static Target of(NestedPlanDiff.Stack stack) {
            StackIdentity identity = stack.identity();
            return new Target(identity.projectId(), identity.name(), identity.id(), stack.template(), stack.plan(),
                    stack.parentResource());
        }
    }

    private static List<ResourcePreview> resources(List<NestedPlanDiff.Entry> entries,
            Function<NestedPlanDiff.Entry, DeploymentRerun> reruns) {
        return entries.stream().map(entry -> resource(Target.of(entry.stack()),
                entry.stack().resource(entry.resource()), false, reruns.apply(entry))).toList();
    }

    private static ResourcePreview resource(Target target, PlannedResource resource, boolean withProperties,
            DeploymentRerun rerun) {
        JsonNode definition = CfnOutline.hot(target.template()).path("resources").path(resource.name());
        List<String> requiredBy = target.plan().resources().stream()
                .filter(other -> other.dependsOn().contains(resource.name())).map(PlannedResource::name).toList();
        return new ResourcePreview(resource.name(), definition.path("type").asText(resource.type()), "",
                Action.INIT.name(), Status.COMPLETE.name(), "",
                new ResourcePreview.Identity(target.tenant(), target.stackName(), target.stackId(),
                        "/resources/" + resource.name()),
                new ResourcePreview.Identity(target.tenant(), target.stackName(), target.stackId(), ""),
                target.stackName(), requiredBy, definition.path("description").asText(""),
                resource.metadata() == null ? JsonNodeFactory.instance.objectNode() : resource.metadata(),
                PreviewValues.attributes(resource), withProperties ? PreviewValues.properties(resource) : null,
                null, null, target.parentResource(), rerun);
    }
}
