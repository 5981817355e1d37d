package io.hearth.hot.types;

import java.util.List;

/**
 * What a resource's {@code type} turned into after the environment's {@code resource_registry}
 * mapped it: a type Hearth implements, a template (a nested stack), a Heat type whose service Hearth
 * does not have, or nothing known.
 */
public sealed interface TypeResolution {

    /** The type the template asked for. */
    String requested();

    /**
     * A type Hearth implements.
     *
     * @param chain the names the mapping went through, from the requested one to {@code type.name()}
     */
    record Resolved(String requested, ResourceType type, List<String> chain) implements TypeResolution {
        public Resolved {
            chain = List.copyOf(chain);
        }

        /** True when the environment mapped the requested type to another one. */
        public boolean mapped() {
            return chain.size() > 1;
        }
    }

    /**
     * A template resource (a nested stack): the type is a template file name, or the environment maps
     * it to one.
     *
     * @param template the template's name (a key of the stack's {@code files}, or a URL)
     */
    record NestedTemplate(String requested, String template) implements TypeResolution {
    }

    /**
     * A type that nothing maps to a known type.
     *
     * @param message what to tell the user (names the type and the registry line that would map it)
     */
    record Unknown(String requested, String message) implements TypeResolution {
    }

    /**
     * A type Heat has whose OpenStack service Hearth does not ({@link UnavailableTypes}): Heat's
     * {@code ResourceTypeUnavailable}.
     *
     * @param type    the Heat type the requested one is, or is mapped to
     * @param service the service it needs
     */
    record Unavailable(String requested, String type, UnavailableTypes.Service service) implements TypeResolution {

        /** Heat's message, naming the type as the template does. */
        public String message() {
            return service.templateMessage(requested);
        }
    }
}
