package io.hearth.hot.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.PlannedResource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hearth's live references (docs/contextualization.md): a deployment whose {@code actions} hold CONTEXTUALIZE does
 * not wait for the other deployments and data bags its properties read; it runs with what is known (null for what
 * is not) and is contextualized as their values arrive. So such references are no dependencies, and a cycle through
 * them is no cycle: a head node's deployment may read its compute nodes' outputs while theirs read the head's.
 * What {@code depends_on} names stays a dependency.
 */
final class LiveReferences {

    /** The deployment types, Heat's and their deprecated names. */
    static final Set<String> DEPLOYMENTS = Set.of("OS::Heat::SoftwareDeployment", "OS::Heat::StructuredDeployment",
            "OS::Heat::SoftwareDeploymentGroup", "OS::Heat::StructuredDeploymentGroup", "OS::Heat::SoftwareDeployments",
            "OS::Heat::StructuredDeployments");
    static final String DATA_BAG = "OS::Hearth::DataBag";
    static final String CONTEXTUALIZE = "CONTEXTUALIZE";

    private LiveReferences() {
    }

    /**
     * The resources, each contextualized deployment's references to deployments and data bags moved from its
     * dependencies to its live references.
     *
     * @param explicit each resource's {@code depends_on} names
     */
    static Map<String, PlannedResource> split(Map<String, PlannedResource> planned, Map<String, Set<String>> explicit) {
        Map<String, PlannedResource> split = new LinkedHashMap<>();
        planned.forEach((name, resource) -> {
            if (!DEPLOYMENTS.contains(resource.type()) || !contextualizes(resource.properties())) {
                split.put(name, resource);
                return;
            }
            List<String> hard = new ArrayList<>();
            List<String> live = new ArrayList<>();
            for (String target : resource.dependsOn()) {
                PlannedResource other = planned.get(target);
                boolean readLive = other != null && !explicit.getOrDefault(name, Set.of()).contains(target)
                        && (DEPLOYMENTS.contains(other.type()) || DATA_BAG.equals(other.type()));
                (readLive ? live : hard).add(target);
            }
            split.put(name, live.isEmpty() ? resource : resource.withLive(hard, live));
        });
        return split;
    }

    /** Whether a deployment's {@code actions}, as the template gives them, hold CONTEXTUALIZE. */
    static boolean contextualizes(JsonNode properties) {
        JsonNode actions = properties == null ? null : properties.get("actions");
        if (actions == null || !actions.isArray()) {
            return false;
        }
        for (JsonNode action : actions) {
            if (CONTEXTUALIZE.equals(action.asText())) {
                return true;
            }
        }
        return false;
    }
}
