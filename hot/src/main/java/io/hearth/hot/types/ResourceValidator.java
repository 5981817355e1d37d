package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Validates resource definitions of one stack against Hearth's resource types: maps each type
 * through the environment's {@link ResourceRegistry}, then checks the properties
 * ({@link PropertyValidator}); checks {@code get_attr} references against the attributes of the
 * referenced resource's type.
 */
public final class ResourceValidator {

    private final ResourceRegistry registry;
    private final Set<String> files;
    private final Function<TypeResolution.NestedTemplate, ResourceType> templates;

    /**
     * A validator that knows only the names of the stack's files: a template resource whose template is among
     * them is accepted without checking its properties or attributes.
     *
     * @param registry the stack's environment registry
     * @param files    the names in the stack's {@code files} (for template resources); may be empty
     */
    public ResourceValidator(ResourceRegistry registry, Set<String> files) {
        this(registry, files, nested -> null);
    }

    /**
     * @param registry  the stack's environment registry
     * @param files     the names in the stack's {@code files} (for template resources); may be empty
     * @param templates the resource type of a template resource whose template is in {@code files}
     *                  ({@link TemplateResourceType}), or null when its template cannot be read (reported
     *                  elsewhere)
     */
    public ResourceValidator(ResourceRegistry registry, Set<String> files,
            Function<TypeResolution.NestedTemplate, ResourceType> templates) {
        this.registry = registry;
        this.files = files == null ? Set.of() : Set.copyOf(files);
        this.templates = templates;
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
        ResourceType resolved = type(resolution);
        if (resolved == null) {
            return problems;
        }
        problems.addAll(PropertyValidator.validate(resolved, name, definition.get("properties"), path));
        return problems;
    }

    /** Maps a resource's type through the environment. */
    public TypeResolution resolve(String name, String type) {
        return registry.resolve(type, name);
    }

    /** The type a resolution stands for: a known type, a template resource's, or null (unknown, unreadable). */
    private ResourceType type(TypeResolution resolution) {
        if (resolution instanceof TypeResolution.Resolved resolved) {
            return resolved.type();
        }
        if (resolution instanceof TypeResolution.NestedTemplate nested && files.contains(nested.template())) {
            return templates.apply(nested);
        }
        return null;
    }

    /**
     * The problem with a resolution, if any: an unknown type, or a template resource whose template is not
     * in the stack's files (Hearth fetches no URL).
     */
    public Optional<TemplateProblem> typeProblem(String name, TypeResolution resolution) {
        String path = "resources." + name + ".type";
        if (resolution instanceof TypeResolution.Unknown unknown) {
            return Optional.of(new TemplateProblem(path, unknown.message()));
        }
        if (resolution instanceof TypeResolution.NestedTemplate nested) {
            String via = nested.requested().equals(nested.template()) ? ""
                    : " (the environment maps " + nested.requested() + " to it)";
            if (files.contains(nested.template())) {
                return Optional.empty();
            }
            return Optional.of(new TemplateProblem(path, "Could not fetch remote template \"" + nested.template()
                    + "\"" + via + ": it is not in the stack's files, and Hearth fetches no URL"));
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
        ResourceType resolved = type(resolve(name, type.textValue()));
        if (resolved == null) {
            return Optional.empty();
        }
        return resolved.attributeError(name, attribute == null ? null : attribute.textValue())
                .map(message -> new TemplateProblem(path, message));
    }
}
