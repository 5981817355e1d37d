package io.hearth.deployment.spi;

/** How a resource takes a change of its properties. */
public enum UpdateKind {
    /** Nothing to do: the resource keeps what it has, and no event is published (OS::Heat::None). */
    NONE,
    /** UPDATE_IN_PROGRESS, then UPDATE_COMPLETE or UPDATE_FAILED on the same physical resource. */
    IN_PLACE,
    /** A new physical resource is created under the same name; the old one is deleted afterwards. */
    REPLACE
}
