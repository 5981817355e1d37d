package io.hearth.hot.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.functions.StackIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Heat's update preview with {@code show_nested} ({@code preview_update_stack}'s {@code nested_fmt_actions}): the
 * top stack's {@link PlanDiff}, then the resources of the nested stacks of its template resources. Every resource
 * of the nested stack of a deleted or replaced resource is deleted and every resource of the nested stack of an
 * added or replaced one added, down the tree; the nested stacks of an updated resource are compared as the top
 * stack is, and so on down. Each nested stack is planned from its plan's files as Heat's preview builds it
 * ({@link StackPlanner#previewNested}); a template resource whose nested stack cannot be planned then adds nothing.
 * Groups and {@code OS::Heat::Stack} are not looked into.
 *
 * @param unchanged in Heat's order: the top stack's, then the nested stacks' as found
 * @param updated   likewise
 * @param replaced  likewise
 * @param added     likewise
 * @param deleted   likewise
 */
public record NestedPlanDiff(List<Entry> unchanged, List<Entry> updated, List<Entry> replaced, List<Entry> added,
        List<Entry> deleted) {

    /**
     * A stack on one side of the update.
     *
     * @param path     the names of the resources that own it, from the top stack's down; empty for the top stack
     * @param identity its name, id and tenant
     * @param template its template
     * @param plan     its plan
     */
    public record Stack(List<String> path, StackIdentity identity, JsonNode template, StackPlan plan) {

        public Stack {
            path = List.copyOf(path);
        }

        /** The resource of the parent stack that owns it, as Heat's {@code parent_resource} shows; null at the top. */
        public String parentResource() {
            return path.isEmpty() ? null : path.get(path.size() - 1);
        }

        /** One of its resources by name, or null. */
        public PlannedResource resource(String name) {
            return plan.resources().stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
        }
    }

    /** A resource of the preview: the stack it is shown from (the current one or the new one) and its name. */
    public record Entry(Stack stack, String resource) {
    }

    /**
     * Compares two sides of a stack and their nested stacks.
     *
     * @param identities the identity of a nested stack by its path (the one it has, or the one it would get)
     */
    public static NestedPlanDiff between(StackPlanner planner, Stack current, Stack next,
            Function<List<String>, StackIdentity> identities) {
        NestedPlanDiff result = between(current, next);
        result.nested(new Tree(planner, identities), current, next, PlanDiff.between(current.plan(), next.plan()));
        return result;
    }

    /** Compares two sides of a stack, its nested stacks left out (a preview without {@code show_nested}). */
    public static NestedPlanDiff between(Stack current, Stack next) {
        NestedPlanDiff result = new NestedPlanDiff(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>(), new ArrayList<>());
        result.add(current, next, PlanDiff.between(current.plan(), next.plan()));
        return result;
    }

    /** Adds one stack's diff: updated and deleted resources as the stack has them, the others as it would. */
    private void add(Stack current, Stack next, PlanDiff diff) {
        diff.unchanged().forEach(name -> unchanged.add(new Entry(next, name)));
        diff.updated().forEach(name -> updated.add(new Entry(current, name)));
        diff.replaced().forEach(name -> replaced.add(new Entry(next, name)));
        diff.added().forEach(name -> added.add(new Entry(next, name)));
        diff.deleted().forEach(name -> deleted.add(new Entry(current, name)));
    }

    private void nested(Tree tree, Stack current, Stack next, PlanDiff diff) {
        List<String> gone = new ArrayList<>(diff.deleted());
        gone.addAll(diff.replaced());
        gone.forEach(name -> all(tree, current, name, deleted));
        List<String> made = new ArrayList<>(diff.added());
        made.addAll(diff.replaced());
        made.forEach(name -> all(tree, next, name, added));
        for (String name : diff.updated()) {
            Stack before = tree.nested(current, name);
            Stack after = tree.nested(next, name);
            if (before != null && after != null) {
                PlanDiff nestedDiff = PlanDiff.between(before.plan(), after.plan());
                add(before, after, nestedDiff);
                nested(tree, before, after, nestedDiff);
            }
        }
    }

    /** Every resource of the resource's nested stack, then of theirs, into one section. */
    private static void all(Tree tree, Stack stack, String name, List<Entry> section) {
        Stack nested = tree.nested(stack, name);
        if (nested == null) {
            return;
        }
        nested.plan().resources().forEach(r -> section.add(new Entry(nested, r.name())));
        nested.plan().resources().forEach(r -> all(tree, nested, r.name(), section));
    }

    /** Plans nested stacks. */
    private record Tree(StackPlanner planner, Function<List<String>, StackIdentity> identities) {

        /** The nested stack a resource of the stack owns, or null when it owns none. */
        Stack nested(Stack stack, String name) {
            PlannedResource resource = stack.resource(name);
            if (resource == null || resource.template() == null) {
                return null;
            }
            List<String> path = new ArrayList<>(stack.path());
            path.add(name);
            StackIdentity identity = identities.apply(path);
            StackPlanner.Nested nested = planner.previewNested(stack.plan(), resource, identity, path.size());
            return nested == null ? null : new Stack(path, identity, nested.template(), nested.plan());
        }
    }
}
