package io.hearth.hot.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.hearth.contracts.plan.PlannedResource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What an update would do to a software deployment, as a Hearth extension of Heat's update preview: which of its
 * {@code input_values} change, whether its config or server changes, which inputs read a resource the update
 * changes (their values are only known when that resource ran), and whether the deployment would run again. The
 * engine runs an updated deployment again only when its config, server or resolved inputs changed and its
 * {@code actions} hold UPDATE; a replaced one runs CREATE as a new deployment; an unchanged one does not run.
 *
 * @param changedInputs                 input names whose values differ, added or removed, sorted
 * @param configChanged                 whether {@code config} differs
 * @param serverChanged                 whether {@code server} differs
 * @param inputsReadingChangedResources inputs whose value reads a resource the update adds, updates or replaces
 * @param reruns                        {@code yes}, {@code no}, {@code maybe} (only through such inputs) or
 *                                      {@code replaced}
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record DeploymentRerun(List<String> changedInputs, boolean configChanged, boolean serverChanged,
        List<String> inputsReadingChangedResources, String reruns) {

    /** The deployment types this applies to. */
    public static final Set<String> TYPES = Set.of("OS::Heat::SoftwareDeployment", "OS::Heat::StructuredDeployment");

    /**
     * The preview of a deployment in both plans.
     *
     * @param replaced whether the update replaces it
     * @param changed  the names of the resources the update adds, updates or replaces
     * @return null when the resource is no deployment in both plans
     */
    public static DeploymentRerun of(PlannedResource current, PlannedResource next, boolean replaced,
            Collection<String> changed) {
        if (current == null || next == null || !TYPES.contains(next.type()) || !TYPES.contains(current.type())) {
            return null;
        }
        JsonNode before = inputs(current);
        JsonNode after = inputs(next);
        Set<String> names = new TreeSet<>();
        before.fieldNames().forEachRemaining(names::add);
        after.fieldNames().forEachRemaining(names::add);
        List<String> changedInputs = names.stream().filter(n -> !Objects.equals(before.get(n), after.get(n))).toList();
        List<String> reading = new ArrayList<>();
        after.fields().forEachRemaining(input -> {
            Set<String> refs = new HashSet<>();
            StackPlanner.collectReferences(input.getValue(), refs);
            if (changed.stream().anyMatch(refs::contains)) {
                reading.add(input.getKey());
            }
        });
        boolean config = !Objects.equals(property(current, "config"), property(next, "config"));
        boolean server = !Objects.equals(property(current, "server"), property(next, "server"));
        String reruns;
        if (replaced) {
            reruns = "replaced";
        } else if (!actions(next).contains("UPDATE")) {
            reruns = "no";
        } else if (config || server || !changedInputs.isEmpty()) {
            reruns = "yes";
        } else {
            reruns = reading.isEmpty() ? "no" : "maybe";
        }
        return new DeploymentRerun(changedInputs, config, server, List.copyOf(reading), reruns);
    }

    private static JsonNode inputs(PlannedResource resource) {
        JsonNode values = property(resource, "input_values");
        return values != null && values.isObject() ? values : JsonNodeFactory.instance.objectNode();
    }

    private static JsonNode property(PlannedResource resource, String name) {
        return resource.properties() == null ? null : resource.properties().get(name);
    }

    /** The deployment's {@code actions}, Heat's default CREATE and UPDATE when it names none. */
    private static Set<String> actions(PlannedResource resource) {
        JsonNode actions = property(resource, "actions");
        Set<String> names = new TreeSet<>();
        if (actions == null || !actions.isArray()) {
            return Set.of("CREATE", "UPDATE");
        }
        actions.forEach(action -> names.add(action.asText()));
        return names;
    }
}
