package io.hearth.deployment.spi;

import com.fasterxml.jackson.core.type.TypeReference;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.deployment.domain.StackRuntime;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** A stack row's plan, parsed: what the engine and the resource handlers read of a stack's template. */
public final class StackPlans {

    /** Plans as last read, by stack: a plan's text changes only with an update, and parsing it is costly. */
    private static final Map<UUID, ParsedPlan> PLANS = new ConcurrentHashMap<>();
    private static final int PLANS_KEPT = 1_000;

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
        if (PLANS.size() >= PLANS_KEPT) {
            PLANS.clear();
        }
        PLANS.put(stack.id, new ParsedPlan(stack.plan, plan));
        return plan;
    }
}
