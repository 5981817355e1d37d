package io.hearth.hot.plan;

import io.hearth.contracts.plan.PlannedResource;
import io.hearth.hot.TemplateException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Orders resources so that each comes after what it depends on; a cycle is an error that shows it. */
final class DependencyOrder {

    private DependencyOrder() {
    }

    /** The resources in dependency order, keeping template order where the graph allows. */
    static List<PlannedResource> sort(Map<String, PlannedResource> resources) {
        List<PlannedResource> ordered = new ArrayList<>(resources.size());
        Set<String> done = new HashSet<>();
        Map<String, Boolean> visiting = new LinkedHashMap<>();
        for (String name : resources.keySet()) {
            visit(name, resources, done, visiting, ordered);
        }
        return ordered;
    }

    private static void visit(String name, Map<String, PlannedResource> resources, Set<String> done,
            Map<String, Boolean> visiting, List<PlannedResource> ordered) {
        if (done.contains(name)) {
            return;
        }
        if (visiting.containsKey(name)) {
            List<String> cycle = new ArrayList<>();
            boolean inCycle = false;
            for (String step : visiting.keySet()) {
                inCycle |= step.equals(name);
                if (inCycle) {
                    cycle.add(step);
                }
            }
            cycle.add(name);
            throw new TemplateException("Circular Dependency Found: " + String.join(" -> ", cycle));
        }
        visiting.put(name, Boolean.TRUE);
        for (String dependency : resources.get(name).dependsOn()) {
            visit(dependency, resources, done, visiting, ordered);
        }
        visiting.remove(name);
        done.add(name);
        ordered.add(resources.get(name));
    }
}
