package io.hearth.deployment.software;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.repository.SoftwareConfigRepository;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * An ad-hoc action on a stack's resource (Hearth's API, docs/api.md): run on every deployment the resource holds —
 * a deployment resource's own, a deployment group's (one per server), the deployments of every member of a
 * ResourceGroup or AutoScalingGroup (any depth of nested stacks below the resource) — whose config declares the
 * action: a {@code component} config one of whose configs' {@code actions} holds it. Nothing runs unless all of them
 * can start: one IN_PROGRESS is 409 for the whole request. Runs in the caller's transaction.
 */
@ApplicationScoped
public class ResourceActions {

    private final DeploymentActions actions;
    private final StackRuntimeRepository repository;
    private final SoftwareDeploymentRepository deployments;
    private final SoftwareConfigRepository configs;

    public ResourceActions(DeploymentActions actions, StackRuntimeRepository repository,
            SoftwareDeploymentRepository deployments, SoftwareConfigRepository configs) {
        this.actions = actions;
        this.repository = repository;
        this.deployments = deployments;
        this.configs = configs;
    }

    /**
     * Runs {@code action} on the deployments of {@code resource} in {@code stack} that declare it, oldest first;
     * 404 for a resource the stack does not have, 400 when none of its deployments declares the action.
     */
    public Uni<List<SoftwareDeployment>> run(StackRuntime stack, String resource, String action, ObjectNode inputs) {
        return repository.current(stack.id, resource).chain(row -> {
                    if (row == null) {
                        throw new ApiException(404, "ResourceNotFound", "The Resource (" + resource
                                + ") could not be found.");
                    }
                    return below(stack.id, resource);
                }).chain(stacks -> deployments(stack.id, resource, stacks)).chain(found -> declaring(found, action))
                .chain(targets -> {
                    if (targets.isEmpty()) {
                        throw ApiException.badRequest("BadRequest", "No deployment of resource " + resource
                                + " declares " + action + ": a deployment runs an ad-hoc action of its stack only when"
                                + " one of the configurations of its component config holds it in its actions");
                    }
                    targets.stream().filter(d -> Status.IN_PROGRESS.is(d.status)).findFirst().ifPresent(busy -> {
                        throw new ApiException(409, "Conflict", "Deployment " + busy.id + " of resource " + resource
                                + " is IN_PROGRESS (" + busy.action + ", generation " + busy.generation + "): wait"
                                + " for it to end, or cancel it; nothing was run");
                    });
                    return Multi.createFrom().iterable(targets).onItem().transformToUniAndConcatenate(
                            d -> actions.run(d.tenant, d.id.toString(), action, inputs)).collect().asList();
                });
    }

    /**
     * The ids of every stack nested below {@code resource} of the stack (its nested stack, a group's member stacks,
     * theirs, ...).
     */
    private Uni<List<String>> below(UUID stackId, String resource) {
        return repository.children(stackId, resource)
                .chain(children -> descendants(children.stream().map(s -> s.id).toList(), new ArrayList<>()));
    }

    private Uni<List<String>> descendants(List<UUID> level, List<String> found) {
        if (level.isEmpty()) {
            return Uni.createFrom().item(found);
        }
        level.forEach(id -> found.add(id.toString()));
        return repository.children(level)
                .chain(next -> descendants(next.stream().map(s -> s.id).toList(), found));
    }

    /** The resource's own deployment and those of the stacks below it, oldest first. */
    private Uni<List<SoftwareDeployment>> deployments(UUID stackId, String resource, List<String> stacks) {
        return deployments.ofResource(stackId.toString(), resource)
                .chain(mine -> deployments.ofStacks(stacks).map(theirs -> {
                    List<SoftwareDeployment> all = new ArrayList<>(mine);
                    all.addAll(theirs);
                    return all;
                }));
    }

    /** Those whose config declares the action. */
    private Uni<List<SoftwareDeployment>> declaring(List<SoftwareDeployment> found, String action) {
        List<UUID> configIds = found.stream().map(d -> d.configId).distinct().toList();
        return configs.list(configIds).map(list -> {
            Map<UUID, SoftwareConfig> byId = list.stream().collect(Collectors.toMap(c -> c.id, c -> c));
            return found.stream().filter(d -> byId.containsKey(d.configId)
                    && DerivedConfig.declares(byId.get(d.configId), action)).toList();
        });
    }
}
