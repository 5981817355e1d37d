package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One change of a group's nested stack: the members it should have afterwards, and how long to pause once
 * the nested stack has them before the next step (Heat's {@code pause_time} between batches).
 *
 * @param members      the members after this step, each with its definition
 * @param pauseSeconds the pause after this step; 0 for none (always 0 for the last step)
 */
public record GroupStep(List<RollingUpdate.Definition> members, double pauseSeconds) {

    /** The nested template of this step. */
    public ObjectNode template() {
        return GroupTemplates.template(members);
    }
}
