package io.hearth.template.rest.dto;

/** Heat's link object. */
public record Link(String href, String rel) {

    /** The self link. */
    public static Link self(String href) {
        return new Link(href, "self");
    }
}
