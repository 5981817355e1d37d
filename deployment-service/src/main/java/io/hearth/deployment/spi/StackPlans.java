package io.hearth.deployment.spi;

import com.fasterxml.jackson.core.type.TypeReference;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.deployment.domain.StackRuntime;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** A stack row's plan, parsed: what the engine and the resource handlers read of a stack's template. */
public final class StackPlans {

    /** Plans as last read, by stack: a plan's text changes only with an update, and parsing it is costly. */
    private static final Map<UUID, ParsedPlan> PLANS = new ConcurrentHashMap<>();
    /**
     * Above this many resources in the plans kept, they are forgotten and parsed again as needed: bounded by size, not
     * by count (a hundred plans of 300 resources, with their texts, were more than deployment-service's heap).
     */
    static final int RESOURCES_KEPT = 5_000;
    private static final AtomicInteger RESOURCES = new AtomicInteger();

    private record ParsedPlan(String text, StackPlan plan) {
    }

    private StackPlans() {
    }

    /** The stack's plan as stored (parsed once per stored text; callers must not change it). */
    public static StackPlan planOf(StackRuntime stack) {
        ParsedPlan kept = PLANS.get(stack.id);
        if (kept != null && kept.text().equals(stack.plan)) {
            return kept.plan();
        }
        StackPlan plan = HearthJson.read(stack.plan, new TypeReference<StackPlan>() {
        });
        ParsedPlan previous = PLANS.put(stack.id, new ParsedPlan(stack.plan, plan));
        if (RESOURCES.addAndGet(plan.resources().size()
                - (previous == null ? 0 : previous.plan().resources().size())) > RESOURCES_KEPT) {
            PLANS.clear();
            RESOURCES.set(0);
        }
        return plan;
    }
}
