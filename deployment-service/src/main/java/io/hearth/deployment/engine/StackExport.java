package io.hearth.deployment.engine;

import io.hearth.contracts.stack.v1.RuntimeRecord;
import java.util.Map;

/**
 * A stack's runtime as deployment-service holds it, for Heat's abandon data (docs/api.md, "Abandon and adopt"):
 * each resource's {@link RuntimeRecord} by name and, for a resource that owns a nested stack, that stack's export.
 *
 * @param id        the stack's id
 * @param name      its name
 * @param action    its action (CREATE, UPDATE, ADOPT...)
 * @param status    its status (IN_PROGRESS, COMPLETE, FAILED)
 * @param resources each current resource's record, by name
 * @param nested    the nested stack of each resource that owns one, by the resource's name
 */
public record StackExport(String id, String name, String action, String status,
        Map<String, RuntimeRecord> resources, Map<String, StackExport> nested) {
}
