package io.hearth.hot.functions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Everything a template's functions may read: the template version (which functions exist), parameter
 * values, the {@code files} map for {@code get_file}, the {@code conditions} section (and a CFN template's
 * {@code Mappings}), the stack's identity
 * for pseudo parameters, the names of the template's resources (to refuse references to unknown ones) and
 * a {@link RuntimeResolver} for resource ids and attributes, and the {@link EvaluationLimits} results are held
 * to. Immutable; build one with {@link #builder}.
 */
public final class EvaluationContext {

    private final HotVersion version;
    private final Map<String, JsonNode> parameters;
    private final Map<String, String> files;
    private final Map<String, JsonNode> conditions;
    private final JsonNode mappings;
    private final Set<String> declaredParameters;
    private final StackIdentity stack;
    private final Set<String> resourceNames;
    private final RuntimeResolver resolver;
    private final EvaluationLimits limits;
    private final JsonNode facade;

    private EvaluationContext(Builder b) {
        this.version = b.version;
        this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(b.parameters));
        this.files = Collections.unmodifiableMap(new LinkedHashMap<>(b.files));
        this.conditions = Collections.unmodifiableMap(new LinkedHashMap<>(b.conditions));
        this.mappings = b.mappings;
        this.declaredParameters = Collections.unmodifiableSet(new LinkedHashSet<>(b.declaredParameters));
        this.stack = b.stack;
        this.resourceNames = b.resourceNames == null ? null
                : Collections.unmodifiableSet(new LinkedHashSet<>(b.resourceNames));
        this.resolver = b.resolver;
        this.limits = b.limits;
        this.facade = b.facade;
    }

    /** A context for a template of the given version; everything else starts empty. */
    public static Builder builder(HotVersion version) {
        return new Builder(version);
    }

    /** A builder holding this context's values, to change some. */
    public Builder toBuilder() {
        Builder b = new Builder(version).parameters(parameters).files(files).resolver(resolver).stack(stack)
                .limits(limits);
        b.conditions.putAll(conditions);
        b.mappings = mappings;
        b.declaredParameters.addAll(declaredParameters);
        b.resourceNames = resourceNames;
        b.facade = facade;
        return b;
    }

    /** The same context with another resolver: how deployment-service evaluates a plan at run time. */
    public EvaluationContext withResolver(RuntimeResolver resolver) {
        return toBuilder().resolver(resolver).build();
    }

    public HotVersion version() {
        return version;
    }

    /** Parameter values by name, already typed and defaulted as the template declares them. */
    public Map<String, JsonNode> parameters() {
        return parameters;
    }

    /** The {@code files} map: file key (path or URL as written in the template) to content. */
    public Map<String, String> files() {
        return files;
    }

    /** Condition definitions by name (a boolean or a condition function), as in the conditions section. */
    public Map<String, JsonNode> conditions() {
        return conditions;
    }

    /** A CFN template's {@code Mappings} section (what {@code Fn::FindInMap} reads); an empty object if none. */
    public JsonNode mappings() {
        return mappings;
    }

    /** The names of the parameters the template declares, whether or not they have a value. */
    public Set<String> declaredParameters() {
        return declaredParameters;
    }

    public Optional<StackIdentity> stack() {
        return Optional.ofNullable(stack);
    }

    /** The template's resource names when known; references to other names are refused. */
    public Optional<Set<String>> resourceNames() {
        return Optional.ofNullable(resourceNames);
    }

    public RuntimeResolver resolver() {
        return resolver;
    }

    /** What an evaluation may produce. */
    public EvaluationLimits limits() {
        return limits;
    }

    /**
     * The parent resource of a nested stack as {@code resource_facade} reads it ({@code metadata},
     * {@code deletion_policy}, {@code update_policy}); empty for a stack that is no resource's.
     */
    public Optional<JsonNode> facade() {
        return Optional.ofNullable(facade);
    }

    /** A parameter's value as {@code get_param} sees it, pseudo parameters included; null if not provided. */
    JsonNode parameter(String name) {
        if (stack != null) {
            String pseudo = version.cfn() ? stack.cfnPseudoParameter(name) : stack.pseudoParameter(name);
            if (pseudo != null) {
                return TextNode.valueOf(pseudo);
            }
        }
        return parameters.get(name);
    }

    /** Builds an {@link EvaluationContext}. */
    public static final class Builder {
        private final HotVersion version;
        private final Map<String, JsonNode> parameters = new LinkedHashMap<>();
        private final Map<String, String> files = new LinkedHashMap<>();
        private final Map<String, JsonNode> conditions = new LinkedHashMap<>();
        private JsonNode mappings = JsonNodeFactory.instance.objectNode();
        private final Set<String> declaredParameters = new LinkedHashSet<>();
        private StackIdentity stack;
        private Set<String> resourceNames;
        private RuntimeResolver resolver = RuntimeResolver.NONE;
        private EvaluationLimits limits = EvaluationLimits.DEFAULTS;
        private JsonNode facade;

        private Builder(HotVersion version) {
            this.version = Objects.requireNonNull(version, "version");
        }

        public Builder parameters(Map<String, JsonNode> values) {
            parameters.putAll(values);
            return this;
        }

        public Builder parameter(String name, JsonNode value) {
            parameters.put(name, value);
            return this;
        }

        public Builder files(Map<String, String> contents) {
            files.putAll(contents);
            return this;
        }

        public Builder file(String key, String content) {
            files.put(key, content);
            return this;
        }

        /**
         * The template's {@code conditions} section (a map of name to definition); null or JSON null for
         * none. Definitions are evaluated when first referenced.
         */
        public Builder conditions(JsonNode section) {
            if (section == null || section.isNull() || section.isMissingNode()) {
                return this;
            }
            if (!section.isObject()) {
                throw new IllegalArgumentException("the conditions section must be a map, not " + section);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = section.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                conditions.put(e.getKey(), e.getValue());
            }
            return this;
        }

        /** A CFN template's {@code Mappings} section; null or JSON null for none. */
        public Builder mappings(JsonNode section) {
            if (section != null && section.isObject()) {
                this.mappings = section;
            }
            return this;
        }

        /** The names of the parameters the template declares (a reference to one without a value is "not provided"). */
        public Builder declaredParameters(Set<String> names) {
            declaredParameters.addAll(names);
            return this;
        }

        /** A condition whose result is already known. */
        public Builder condition(String name, boolean value) {
            conditions.put(name, BooleanNode.valueOf(value));
            return this;
        }

        public Builder stack(StackIdentity identity) {
            this.stack = identity;
            return this;
        }

        /** The names of the template's resources; without them any resource name is accepted. */
        public Builder resourceNames(Set<String> names) {
            this.resourceNames = names;
            return this;
        }

        public Builder resolver(RuntimeResolver resolver) {
            this.resolver = Objects.requireNonNull(resolver, "resolver");
            return this;
        }

        /** The limits results are held to; {@link EvaluationLimits#DEFAULTS} unless set. */
        public Builder limits(EvaluationLimits limits) {
            this.limits = Objects.requireNonNull(limits, "limits");
            return this;
        }

        /** The parent resource's definition a nested stack's {@code resource_facade} reads; null for none. */
        public Builder facade(JsonNode facade) {
            this.facade = facade;
            return this;
        }

        public EvaluationContext build() {
            return new EvaluationContext(this);
        }
    }
}
