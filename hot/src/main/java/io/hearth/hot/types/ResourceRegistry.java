package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.py.Py;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An environment's {@code resource_registry}: maps resource types to other types the way Heat's
 * {@code heat/engine/environment.py} {@code ResourceRegistry} does.
 *
 * <ul>
 * <li>{@code "OS::Neutron::Net": "OS::Heat::None"} maps one type to another (mappings chain);</li>
 * <li>{@code "OS::Neutron::*": "OS::Heat::None"} maps every type with that prefix (many-to-one), and
 *     {@code "OS::Networking::*": "OS::Neutron::*"} maps prefix to prefix;</li>
 * <li>{@code resources: {my_server: {"OS::Nova::Server": "OS::Heat::None"}}} maps a type for one
 *     resource only; {@code hooks} (breakpoints: Heat's {@code HOOK_TYPES}, one or a list) and
 *     {@code restricted_actions} ({@code update}, {@code replace} or a list of them) under a resource name
 *     or a shell pattern of names are checked as Heat checks them and answered by {@link #hooks} and
 *     {@link #restrictedActions}; a mapping under a resource name (a nested stack's entries,
 *     {@code resources: {nested: {inner: {hooks: pre-create}}}}) is checked the same way and left to the nested
 *     stack's environment ({@code ChildEnvironment});</li>
 * <li>a key or value ending in {@code .yaml} or {@code .template} is a template resource (a nested stack); the
 *     type the next entry leads to besides that template is its facade ({@link #facade}), whose interface the
 *     template must offer;</li>
 * <li>a {@code null} value removes an entry loaded before (with a trailing {@code *}, every entry with
 *     that prefix).</li>
 * </ul>
 *
 * <p>Candidates are tried in Heat's order: the user's entries before the global ones, a per-resource
 * entry before the others, then by name (so with both {@code "OS::Neutron::*"} and
 * {@code "OS::Neutron::Net"} present, the wildcard is tried first, as in Heat); a mapping that leads
 * nowhere is skipped. The global registry holds the types Hearth implements plus the mapping Heat's
 * default environment ships ({@code "OS::Quantum*": "OS::Neutron*"}); its other defaults name AWS and
 * Ceilometer types Hearth does not have, so they are left out.
 */
public final class ResourceRegistry {

    /** Heat's {@code etc/heat/environment.d/default.yaml} mappings that Hearth keeps. */
    static final Map<String, String> GLOBAL_MAPPINGS = Map.of("OS::Quantum*", "OS::Neutron*");

    private static final int MAX_DEPTH = 32;

    /** Heat's {@code RESTRICTED_ACTIONS}. */
    private static final List<String> RESTRICTED_ACTIONS = List.of("update", "replace");

    /** Heat's {@code HOOK_TYPES}, in its order. */
    public static final List<String> HOOK_TYPES = List.of("pre-create", "pre-update", "pre-delete", "post-create",
            "post-update", "post-delete");

    private final ResourceTypes types;
    private final LinkedHashMap<String, String> entries = new LinkedHashMap<>();
    private final LinkedHashMap<String, LinkedHashMap<String, String>> perResource = new LinkedHashMap<>();
    private final LinkedHashMap<String, Set<String>> restricted = new LinkedHashMap<>();
    private final LinkedHashMap<String, Set<String>> hooks = new LinkedHashMap<>();
    private final List<TemplateProblem> problems = new ArrayList<>();

    private ResourceRegistry(ResourceTypes types) {
        this.types = types;
    }

    /** A registry with no user entries, over Hearth's types. */
    public static ResourceRegistry empty() {
        return new ResourceRegistry(ResourceTypes.heat());
    }

    /** A registry with no user entries, over the given types. */
    public static ResourceRegistry empty(ResourceTypes types) {
        return new ResourceRegistry(types);
    }

    /** The registry of an environment document (its {@code resource_registry} section, if any). */
    public static ResourceRegistry fromEnvironment(JsonNode environment) {
        ResourceRegistry registry = empty();
        if (environment != null && environment.isObject()) {
            registry.load(environment.get("resource_registry"));
        }
        return registry;
    }

    /**
     * Adds a {@code resource_registry} section; later loads override earlier ones (as Heat merges an
     * environment's files in order).
     *
     * @return this registry
     */
    public ResourceRegistry load(JsonNode registry) {
        if (registry == null || registry.isNull() || registry.isMissingNode()) {
            return this;
        }
        if (!registry.isObject()) {
            problems.add(new TemplateProblem("resource_registry", "resource_registry must be a mapping"));
            return this;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = registry.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            JsonNode value = e.getValue();
            String path = "resource_registry." + key;
            if (key.equals("resources")) {
                loadResources(value, path);
            } else if (value == null || value.isNull()) {
                remove(entries, key);
            } else if (value.isTextual()) {
                entries.put(key, value.textValue());
            } else if (value.isObject()) {
                // Heat files nested mappings under their path, where no lookup ever reaches them.
                continue;
            } else {
                problems.add(new TemplateProblem(path, "A resource_registry entry maps a type to a type name "
                        + "(or a template); got " + Py.repr(value)));
            }
        }
        return this;
    }

    private void loadResources(JsonNode resources, String path) {
        if (resources == null || resources.isNull()) {
            perResource.clear();
            return;
        }
        if (!resources.isObject()) {
            problems.add(new TemplateProblem(path, "resource_registry resources must be a mapping of resource "
                    + "names to mappings"));
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = resources.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> r = it.next();
            if (r.getValue() == null || r.getValue().isNull()) {
                perResource.remove(r.getKey());
                restricted.remove(r.getKey());
                hooks.remove(r.getKey());
                continue;
            }
            if (HOOKS.equals(r.getKey()) || RESTRICTED.equals(r.getKey())) {
                // a nested stack's narrowed entries keep its owner's own (Heat registers and never matches them)
                check(r.getKey(), r.getValue(), path + "." + r.getKey());
                continue;
            }
            if (r.getValue().isTextual()) {
                // a nested stack's narrowed entries ({@code resources: {"OS::Thingy": provider.yaml}}): Heat files
                // them under resources, where no lookup by resource name reaches them
                continue;
            }
            if (!r.getValue().isObject()) {
                problems.add(new TemplateProblem(path + "." + r.getKey(), "A per-resource resource_registry entry "
                        + "must be a mapping"));
                continue;
            }
            LinkedHashMap<String, String> mine = perResource.computeIfAbsent(r.getKey(), k -> new LinkedHashMap<>());
            for (Iterator<Map.Entry<String, JsonNode>> f = r.getValue().fields(); f.hasNext();) {
                Map.Entry<String, JsonNode> m = f.next();
                String key = m.getKey();
                JsonNode value = m.getValue();
                String at = path + "." + r.getKey() + "." + key;
                if (key.equals(HOOKS)) {
                    hook(r.getKey(), value, at);
                    continue;
                }
                if (key.equals(RESTRICTED)) {
                    restrict(r.getKey(), value, at);
                    continue;
                }
                if (value == null || value.isNull()) {
                    remove(mine, key);
                } else if (value.isTextual()) {
                    mine.put(key, value.textValue());
                } else if (value.isObject()) {
                    checkNested(value, at); // a nested stack's entries: its environment reads them
                } else {
                    problems.add(new TemplateProblem(path + "." + r.getKey() + "." + key, "A resource_registry "
                            + "entry maps a type to a type name (or a template); got " + Py.repr(value)));
                }
            }
        }
    }

    private static final String HOOKS = "hooks";
    private static final String RESTRICTED = "restricted_actions";

    /** Heat's {@code _load_registry} below a resource name: hooks and restrictions are checked at any depth. */
    private void checkNested(JsonNode entries, String path) {
        entries.fields().forEachRemaining(e -> {
            if (HOOKS.equals(e.getKey()) || RESTRICTED.equals(e.getKey())) {
                check(e.getKey(), e.getValue(), path + "." + e.getKey());
            } else if (e.getValue() != null && e.getValue().isObject()) {
                checkNested(e.getValue(), path + "." + e.getKey());
            }
        });
    }

    /** Checks a {@code hooks} or {@code restricted_actions} value without keeping it. */
    private void check(String key, JsonNode value, String path) {
        if (HOOKS.equals(key)) {
            hookTypes(value, path);
        } else {
            restrictions(value, path);
        }
    }

    /** Heat's {@code is_hook_definition}: one of {@link #HOOK_TYPES} or a list of them. */
    private void hook(String pattern, JsonNode value, String path) {
        keep(hooks, pattern, hookTypes(value, path));
    }

    /** The hook types of a valid {@code hooks} value; null (and a problem) for an invalid one. */
    private List<String> hookTypes(JsonNode value, String path) {
        List<String> types = names(value);
        if (types == null || types.stream().anyMatch(type -> !HOOK_TYPES.contains(type))) {
            problems.add(new TemplateProblem(path, "Invalid hook type \"" + Py.str(value) + "\" for resource "
                    + "breakpoint, acceptable hook types are: ('" + String.join("', '", HOOK_TYPES) + "')",
                    "InvalidBreakPointHook"));
            return null;
        }
        return types;
    }

    /** A string, or a list's items (null for an item that is not a string); null for any other value. */
    private static List<String> names(JsonNode value) {
        if (value != null && value.isTextual()) {
            return List.of(value.textValue());
        }
        if (value == null || !value.isArray()) {
            return null;
        }
        List<String> names = new ArrayList<>();
        value.forEach(item -> names.add(item.isTextual() ? item.textValue() : null));
        return names;
    }

    /**
     * Heat's {@code matches_hook}: the hook types ({@link #HOOK_TYPES}) set for a resource by every
     * {@code resources} entry whose name or shell pattern ({@code fnmatchcase}) matches its name.
     */
    public Set<String> hooks(String resourceName) {
        return matching(hooks, resourceName);
    }

    /** The values of every entry whose name or shell pattern ({@code fnmatchcase}) matches the resource's name. */
    private static Set<String> matching(Map<String, Set<String>> byPattern, String resourceName) {
        Set<String> values = new LinkedHashSet<>();
        byPattern.forEach((pattern, these) -> {
            if (Py.fnmatchcase(resourceName, pattern)) {
                values.addAll(these);
            }
        });
        return values;
    }

    /** Heat's {@code is_valid_restricted_action}: {@code update}, {@code replace} or a list of them. */
    private void restrict(String pattern, JsonNode value, String path) {
        keep(restricted, pattern, restrictions(value, path));
    }

    /** Adds valid values (not null) to a pattern's entry. */
    private static void keep(Map<String, Set<String>> byPattern, String pattern, List<String> values) {
        if (values != null) {
            byPattern.computeIfAbsent(pattern, p -> new LinkedHashSet<>()).addAll(values);
        }
    }

    /** The actions of a valid {@code restricted_actions} value; null (and a problem) for an invalid one. */
    private List<String> restrictions(JsonNode value, String path) {
        List<String> actions = names(value);
        if (actions == null || actions.stream().anyMatch(action -> !RESTRICTED_ACTIONS.contains(action))) {
            problems.add(new TemplateProblem(path, "Invalid restricted_action type \"" + Py.str(value)
                    + "\" for resource, acceptable restricted_action types are: ('update', 'replace')",
                    "InvalidRestrictedAction"));
            return null;
        }
        return actions;
    }

    /**
     * Heat's {@code get_rsrc_restricted_actions}: the actions ({@code update}, {@code replace}) the
     * environment restricts for a resource, from every {@code resources} entry whose name or shell pattern
     * ({@code fnmatchcase}) matches its name.
     */
    public Set<String> restrictedActions(String resourceName) {
        return matching(restricted, resourceName);
    }

    private static void remove(Map<String, String> map, String key) {
        if (key.endsWith("*")) {
            String prefix = key.substring(0, key.length() - 1);
            map.keySet().removeIf(k -> k.startsWith(prefix));
        } else {
            map.remove(key);
        }
    }

    /** Problems found while loading (entries that are not strings, ...). */
    public List<TemplateProblem> problems() {
        return List.copyOf(problems);
    }

    public ResourceTypes types() {
        return types;
    }

    /** The user's top-level entries, in load order. */
    public Map<String, String> entries() {
        return java.util.Collections.unmodifiableMap(entries);
    }

    /**
     * Maps a resource's type through the registry.
     *
     * @param type         the type the template gives
     * @param resourceName the resource's name, for per-resource entries; may be null
     */
    public TypeResolution resolve(String type, String resourceName) {
        List<String> chain = new ArrayList<>();
        chain.add(type);
        TypeResolution r = step(type, type, resourceName, chain, 0);
        return r != null ? r : unknown(type);
    }

    /** The message Hearth gives for a type that nothing maps to a known one. */
    public static String unknownTypeMessage(String type) {
        return "Unknown resource type " + type + ". Map it in the environment: resource_registry: {\""
                + type + "\": \"OS::Heat::None\"}";
    }

    private static TypeResolution unknown(String type) {
        return new TypeResolution.Unknown(type, unknownTypeMessage(type));
    }

    private static boolean isTemplateName(String name) {
        return name.endsWith(".yaml") || name.endsWith(".template");
    }

    /** One candidate of Heat's {@code iterable_by}, with what sorts it. */
    private record Candidate(boolean user, int pathLength, String key, String value, boolean builtIn) {
    }

    private static final Comparator<Candidate> HEAT_ORDER = Comparator
            .comparing((Candidate c) -> !c.user())              // user entries first
            .thenComparing(c -> -c.pathLength())                 // more specific (longer) path first
            .thenComparing(Candidate::key);                      // then by name

    /** Returns null when nothing known is reached. */
    private TypeResolution step(String requested, String type, String resourceName, List<String> chain, int depth) {
        if (depth > MAX_DEPTH) {
            return new TypeResolution.Unknown(requested, "The resource_registry maps " + requested
                    + " in a loop: " + String.join(" -> ", chain));
        }
        if (isTemplateName(type)) {
            return new TypeResolution.NestedTemplate(requested, type);
        }
        for (Candidate c : candidates(type, resourceName)) {
            TypeResolution r = follow(requested, type, c, resourceName, chain, depth);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    /**
     * Heat's facade of a template resource ({@code get_resource_info(type, ignore=the template's entry)}): what
     * the type resolves to through the next candidate entry that leads elsewhere than the template that made the
     * resource a template resource; empty when the resource is no template resource, its type is a template's
     * name, or nothing else is reached (a type only the environment defines has no facade).
     */
    public Optional<TypeResolution> facade(String type, String resourceName) {
        TypeResolution provider = resolve(type, resourceName);
        if (!(provider instanceof TypeResolution.NestedTemplate) || isTemplateName(type)) {
            return Optional.empty();
        }
        List<String> chain = List.of(type);
        for (Candidate c : candidates(type, resourceName)) {
            TypeResolution r = follow(type, type, c, resourceName, chain, 0);
            if (r != null && !r.equals(provider)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /** Heat's {@code iterable_by}, sorted: every entry that could map the type, in the order they are tried. */
    private List<Candidate> candidates(String type, String resourceName) {
        List<Candidate> candidates = new ArrayList<>();
        if (resourceName != null) {
            Map<String, String> mine = perResource.get(resourceName);
            if (mine != null && mine.containsKey(type)) {
                candidates.add(new Candidate(true, 3, type, mine.get(type), false));
            }
        }
        addCandidates(candidates, entries, type, true);
        if (types.contains(type) || UnavailableTypes.of(type).isPresent()) {
            candidates.add(new Candidate(false, 1, type, type, true));
        }
        addCandidates(candidates, GLOBAL_MAPPINGS, type, false);
        candidates.sort(HEAT_ORDER);
        return candidates;
    }

    /** Where one candidate leads (its mapping followed); null when nothing known is reached. */
    private TypeResolution follow(String requested, String type, Candidate c, String resourceName, List<String> chain,
            int depth) {
        if (c.builtIn()) {
            return types.get(type).<TypeResolution>map(known -> new TypeResolution.Resolved(requested, known, chain))
                    .orElseGet(() -> new TypeResolution.Unavailable(requested, type,
                            UnavailableTypes.of(type).orElseThrow()));
        }
        if (isTemplateName(c.key()) || isTemplateName(c.value())) {
            return new TypeResolution.NestedTemplate(requested, isTemplateName(c.key()) ? c.key() : c.value());
        }
        String target = c.value();
        if (c.key().endsWith("*") && target.endsWith("*")) {
            target = target.substring(0, target.length() - 1) + type.substring(c.key().length() - 1);
        }
        List<String> next = new ArrayList<>(chain);
        next.add(target);
        return step(requested, target, resourceName, next, depth + 1);
    }

    private static void addCandidates(List<Candidate> out, Map<String, String> registry, String type, boolean user) {
        String direct = registry.get(type);
        if (direct != null && !type.endsWith("*")) {
            out.add(new Candidate(user, 1, type, direct, false));
        }
        for (Map.Entry<String, String> e : registry.entrySet()) {
            String key = e.getKey();
            if (key.endsWith("*") && !key.equals(type)) {
                String prefix = key.substring(0, key.length() - 1);
                // Heat's GlobResourceInfo.matches: no self-recursion for many-to-one mappings.
                if (!type.equals(e.getValue()) && type.startsWith(prefix)) {
                    out.add(new Candidate(user, 1, key, e.getValue(), false));
                }
            }
        }
    }
}
