package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.py.Py;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code OS::Heat::ResourceChain} ({@code resource_chain.py}'s {@code child_template}) as pure computation: one
 * member per entry of {@code resources}, named by its index ({@code "0"}, {@code "1"}, ...), of that type, each
 * given the same {@code resource_properties}; unless {@code concurrent}, each member depends on the one before.
 * Heat also makes a concurrent chain wait on the member {@code active_service_count} places before (a memory
 * limit of its engine workers); Hearth's engine has no such limit, so concurrent members depend on nothing.
 */
public final class ResourceChainPlan {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private ResourceChainPlan() {
    }

    /** The members of a chain with these properties (as stored), in their order. */
    public static List<RollingUpdate.Definition> members(JsonNode properties) {
        boolean concurrent = properties.path("concurrent").asBoolean(false);
        JsonNode shared = properties.get("resource_properties");
        List<RollingUpdate.Definition> members = new ArrayList<>();
        int index = 0;
        for (JsonNode type : properties.path("resources")) {
            ObjectNode definition = JSON.objectNode().put("type", Py.str(type));
            if (shared != null && !shared.isNull()) {
                definition.set("properties", shared.deepCopy());
            }
            if (index > 0 && !concurrent) {
                definition.putArray("depends_on").add(String.valueOf(index - 1));
            }
            members.add(new RollingUpdate.Definition(String.valueOf(index), definition));
            index++;
        }
        return members;
    }
}
