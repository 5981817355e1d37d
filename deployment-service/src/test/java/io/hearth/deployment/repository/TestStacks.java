package io.hearth.deployment.repository;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.StackRuntime;
import java.time.Instant;
import java.util.UUID;

/** The repository tests' stacks: a top-level stack of its own tree, as the engine's create makes it, not stored. */
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
}
