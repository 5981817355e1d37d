package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The nested template a group generates ({@code heat/scaling/template.py}'s {@code make_template}): HOT
 * {@code 2015-04-30}, one resource per member, and the output {@code refs_map} (member name to its
 * {@code get_resource}) that Heat's groups always define.
 */
public final class GroupTemplates {

    /** The template version Heat's groups generate. */
    public static final String VERSION = "2015-04-30";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private GroupTemplates() {
    }

    /** The template of these members, in their order. */
    public static ObjectNode template(List<RollingUpdate.Definition> members) {
        ObjectNode template = JSON.objectNode().put("heat_template_version", VERSION);
        ObjectNode resources = template.putObject("resources");
        ObjectNode refs = JSON.objectNode();
        for (RollingUpdate.Definition member : members) {
            resources.set(member.name(), member.definition());
            refs.set(member.name(), JSON.objectNode().put("get_resource", member.name()));
        }
        template.putObject("outputs").putObject("refs_map").set("value", refs);
        return template;
    }

    /** The member definitions of a template this class made, in its order. */
    public static List<RollingUpdate.Definition> members(JsonNode template) {
        java.util.ArrayList<RollingUpdate.Definition> members = new java.util.ArrayList<>();
        template.path("resources").fields()
                .forEachRemaining(e -> members.add(new RollingUpdate.Definition(e.getKey(), e.getValue())));
        return members;
    }
}
