package io.hearth.template.rest.dto;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** Heat's answer to stack-create: {@code {"stack": {"id", "links"}}}, plus Hearth's {@code warnings}. */
public record StackCreated(Ref stack) {

    /**
     * The new stack's id and link, and what Hearth accepted without checking (custom
     * constraints that need OpenStack); {@code warnings} is left out when there are none.
     */
    public record Ref(String id, List<Link> links,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> warnings) {
    }
}
