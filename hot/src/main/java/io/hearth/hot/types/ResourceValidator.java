package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Validates resource definitions of one stack against Hearth's resource types: maps each type
 * through the environment's {@link ResourceRegistry}, then checks the properties
 * ({@link PropertyValidator}); checks {@code get_attr} references against the attributes of the
 * referenced resource's type.
 */
public final class ResourceValidator {

    private final ResourceRegistry registry;
    private final Set<String> files;

    /**
     * @param registry the stack's environment registry
     * @param files    the names in the stack's {@code files} (for template resources); may be empty
     */
    public ResourceValidator(ResourceRegistry registry, Set<String> files) {
        this.registry = registry;
        this.files = files == null ? Set.of() : Set.copyOf(files);
    }

    /** A validator with no environment and no files. */
    public static ResourceValidator standard() {
        return new ResourceValidator(ResourceRegistry.empty(), Set.of());
    }

    public ResourceRegistry registry() {
        return registry;
    }

    /**
     * Validates one resource definition: its type (after the environment mapped it) and its
     * {@code properties}.
     *
     * @param name       the resource's name in the template
     * @param definition the resource's definition ({@code type}, {@code properties}, ...)
     * @return every problem found; empty when the resource is valid
     */
    public List<TemplateProblem> validate(String name, JsonNode definition) {
        List<TemplateProblem> problems = new ArrayList<>();
        String path = "resources." + name;
        JsonNode type = definition == null ? null : definition.get("type");
        if (type == null || !type.isTextual() || type.textValue().isEmpty()) {
            // heat/engine/environment.py get_class_to_instantiate
            problems.add(new TemplateProblem(path + ".type", type == null || type.isNull()
                    ? "Non-empty resource type is required for resource \"" + name + "\""
                    : type.isTextual() ? "Resource \"" + name + "\" has no type"
                    : "Resource \"" + name + "\" type is not a string"));
            return problems;
        }
        TypeResolution resolution = resolve(name, type.textValue());
        Optional<TemplateProblem> typeProblem = typeProblem(name, resolution);
        if (typeProblem.isPresent()) {
            problems.add(typeProblem.get());
            return problems;
        }
        ResourceType resolved = ((TypeResolution.Resolved) resolution).type();
        problems.addAll(PropertyValidator.validate(resolved, name, definition.get("properties"), path));
        return problems;
    }

    /** Maps a resource's type through the environment. */
    public TypeResolution resolve(String name, String type) {
        return registry.resolve(type, name);
    }

    /**
     * The problem with a resolution, if any: an unknown type, a Heat type whose service Hearth does not
     * have, or a template resource (nested stacks are not supported yet).
     */
    public Optional<TemplateProblem> typeProblem(String name, TypeResolution resolution) {
        String path = "resources." + name + ".type";
        if (resolution instanceof TypeResolution.Unknown unknown) {
            return Optional.of(new TemplateProblem(path, unknown.message()));
        }
        if (resolution instanceof TypeResolution.Unavailable unavailable) {
            return Optional.of(new TemplateProblem(path, unavailable.message(), UnavailableTypes.ERROR_TYPE));
        }
        if (resolution instanceof TypeResolution.NestedTemplate nested) {
            String via = nested.requested().equals(nested.template()) ? ""
                    : " (the environment maps " + nested.requested() + " to it)";
            if (files.contains(nested.template())) {
                return Optional.of(new TemplateProblem(path, "Template resources (nested stacks) are not supported "
                        + "yet: " + nested.template() + via + " is in the stack's files, but Hearth cannot create "
                        + "a nested stack from it"));
            }
            return Optional.of(new TemplateProblem(path, "Could not fetch remote template \"" + nested.template()
                    + "\"" + via + ": it is not in the stack's files, and template resources (nested stacks) are "
                    + "not supported yet"));
        }
        return Optional.empty();
    }

    /**
     * Checks a {@code get_attr} reference.
     *
     * @param path      where the reference is, e.g. {@code outputs.stdout.value}
     * @param arguments the function's arguments: {@code [resource, attribute, path...]}
     * @param resources the template's {@code resources} section
     * @return Heat's message when the reference is malformed, names no resource, or names an attribute
     *         the resource's type does not have; empty when fine or not checkable yet (names given by
     *         functions, types that do not resolve)
     */
    public Optional<TemplateProblem> checkGetAttr(String path, JsonNode arguments, JsonNode resources) {
        if (arguments == null || !arguments.isArray()) {
            return Optional.of(new TemplateProblem(path, "Argument to \"get_attr\" must be a list"));
        }
        if (arguments.isEmpty()) {
            return Optional.of(new TemplateProblem(path, "Arguments to \"get_attr\" can be of the next forms: "
                    + "[resource_name] or [resource_name, attribute, (path), ...]"));
        }
        JsonNode resourceName = arguments.get(0);
        if (!resourceName.isTextual()) {
            return Optional.empty();
        }
        String name = resourceName.textValue();
        JsonNode definition = resources == null ? null : resources.get(name);
        if (definition == null) {
            return Optional.of(new TemplateProblem(path, "The specified reference \"" + name + "\" (in " + path
                    + ") is incorrect."));
        }
        JsonNode attribute = arguments.size() > 1 ? arguments.get(1) : null;
        if (attribute != null && !attribute.isTextual()) {
            return Optional.empty();
        }
        JsonNode type = definition.get("type");
        if (type == null || !type.isTextual()) {
            return Optional.empty();
        }
        if (!(resolve(name, type.textValue()) instanceof TypeResolution.Resolved resolved)) {
            return Optional.empty();
        }
        return resolved.type().attributeError(name, attribute == null ? null : attribute.textValue())
                .map(message -> new TemplateProblem(path, message));
    }
}
