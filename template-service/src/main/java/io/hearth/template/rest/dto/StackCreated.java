package io.hearth.template.rest.dto;

import java.util.List;

/** Heat's answer to stack-create: {@code {"stack": {"id", "links"}}}. */
public record StackCreated(Ref stack) {

    /** The new stack's id and link. */
    public record Ref(String id, List<Link> links) {
    }
}
