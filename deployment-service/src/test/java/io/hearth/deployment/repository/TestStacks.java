package io.hearth.deployment.repository;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.domain.StackRuntime;
import java.time.Instant;
import java.util.UUID;

/**
 * The repository tests' stacks and deployments: a top-level stack of its own tree, and a deployment of a stack's
 * resource, as the engine's create makes them, not stored.
 */
final class TestStacks {

    private TestStacks() {
    }

    /** A new stack, version 1, in CREATE with that status, with an empty plan. */
    static StackRuntime stack(Status status) {
        Instant now = Instant.now();
        StackRuntime stack = new StackRuntime();
        stack.id = UUID.randomUUID();
        stack.tenant = "demo";
        stack.name = "tree-" + stack.id;
        stack.plan = "{}";
        stack.action = Action.CREATE;
        stack.status = status;
        stack.version = 1;
        stack.createdAt = now;
        stack.updatedAt = now;
        return stack;
    }

    /** A new deployment of the stack's resource {@code deployment}, IN_PROGRESS at generation 1, on its own server. */
    static SoftwareDeployment deployment(String stackId) {
        SoftwareDeployment d = new SoftwareDeployment();
        d.id = UUID.randomUUID();
        d.tenant = "demo";
        d.stackId = stackId;
        d.resourceName = "deployment";
        d.serverId = "srv-" + d.id;
        d.configId = UUID.randomUUID();
        d.inputValues = "{\"a\": 1}";
        d.action = "CREATE";
        d.status = "IN_PROGRESS";
        d.signalTransport = "CFN_SIGNAL";
        d.generation = 1;
        d.createdAt = Instant.now();
        d.updatedAt = d.createdAt;
        d.signalExpiresAt = d.createdAt.plusSeconds(3600);
        return d;
    }
}
