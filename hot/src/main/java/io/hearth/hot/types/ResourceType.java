package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateProblem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A resource type Hearth knows: its name (e.g. {@code OS::Heat::SoftwareDeployment}), Heat's property
 * schema and attribute schema for it, its support status, and the checks Heat's resource class makes
 * beyond the schema (its {@code validate()}).
 */
public final class ResourceType {

    /** Heat's attribute present on every resource ({@code Resource.base_attributes_schema}). */
    public static final String SHOW = "show";

    /** How {@code get_attr} on a resource of this type is checked. */
    public enum AttributeMode {
        /** Only the attributes in the schema (Heat's check for most resources). */
        SCHEMA,
        /**
         * The schema plus any output the deployment's config declares: the config is only known at
         * run time, so any name is accepted (Heat's SoftwareDeployment, whose attributes are dynamic).
         */
        DEPLOYMENT_OUTPUTS,
        /**
         * The schema plus {@code resource.<index>[.<attribute>]} and any attribute of the group's members,
         * returned as a list/map over them (ResourceGroup, SoftwareDeploymentGroup): any name is accepted.
         */
        GROUP_MEMBERS,
        /** The schema plus {@code resource.<index>[.<attribute>]} (AutoScalingGroup). */
        SCALING_GROUP,
        /**
         * Anything, answering null (OS::Heat::None stubs out any resource; a template resource, whose outputs and
         * {@code resource.<name>[.<attribute>]} are read at run time).
         */
        ANY
    }

    /** A check Heat's resource class makes in its {@code validate()}, run once the properties are valid. */
    @FunctionalInterface
    public interface Check {
        /**
         * @param resourceName the resource's name in the template
         * @param properties   the resource's properties (a map; values may still be functions)
         * @param path         the resource's dotted path, e.g. {@code resources.db_password}
         */
        List<TemplateProblem> check(String resourceName, JsonNode properties, String path);
    }

    private final String name;
    private final String heatClassName;
    private final String description;
    private final SupportStatus supportStatus;
    private final Map<String, PropertySchema> properties;
    private final Map<String, AttributeSchema> attributes;
    private final AttributeMode attributeMode;
    private final boolean acceptsAnyProperties;
    private final List<Check> checks;

    private ResourceType(Builder b) {
        this.name = b.name;
        this.heatClassName = b.heatClassName;
        this.description = b.description;
        this.supportStatus = b.supportStatus;
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(b.properties));
        LinkedHashMap<String, AttributeSchema> attrs = new LinkedHashMap<>(b.attributes);
        attrs.put(SHOW, AttributeSchema.of("Detailed information about resource.", "Map"));
        this.attributes = Collections.unmodifiableMap(attrs);
        this.attributeMode = b.attributeMode;
        this.acceptsAnyProperties = b.acceptsAnyProperties;
        this.checks = List.copyOf(b.checks);
    }

    public static Builder builder(String name, String heatClassName) {
        return new Builder(name, heatClassName);
    }

    /** The type's name, e.g. {@code OS::Heat::SoftwareConfig}. */
    public String name() {
        return name;
    }

    /**
     * The name of Heat's Python class for the type (e.g. {@code HeatWaitCondition}); Heat names the
     * resource of a generated template after it.
     */
    public String heatClassName() {
        return heatClassName;
    }

    /** The type's documentation (Heat's class docstring). */
    public String description() {
        return description;
    }

    public SupportStatus supportStatus() {
        return supportStatus;
    }

    /** The properties, in Heat's declaration order. */
    public Map<String, PropertySchema> properties() {
        return properties;
    }

    /** The attributes, including Heat's common {@code show}. */
    public Map<String, AttributeSchema> attributes() {
        return attributes;
    }

    public AttributeMode attributeMode() {
        return attributeMode;
    }

    /** True for OS::Heat::None, which takes any properties and ignores them. */
    public boolean acceptsAnyProperties() {
        return acceptsAnyProperties;
    }

    /**
     * Whether a change of this property is made in place (Heat's {@code update_allowed}): true for a
     * property whose schema allows it, and for any property of a type that accepts any.
     */
    public boolean updateAllowed(String property) {
        PropertySchema schema = properties.get(property);
        return acceptsAnyProperties || schema != null && schema.updateAllowed();
    }

    List<Check> checks() {
        return checks;
    }

    /** Whether {@code get_attr: [resource, attribute]} names something a resource of this type has. */
    public boolean hasAttribute(String attribute) {
        return attributeError("resource", attribute).isEmpty();
    }

    /**
     * Checks {@code get_attr: [resourceName, attribute, ...]} for a resource of this type.
     *
     * @param attribute the attribute name; null for HOT's {@code get_attr: [resourceName]} (all attributes)
     * @return Heat's message ({@code The Referenced Attribute (server foo) is incorrect.}) when the
     *         type has no such attribute
     */
    public Optional<String> attributeError(String resourceName, String attribute) {
        if (attribute == null) {
            return Optional.empty();
        }
        boolean known = switch (attributeMode) {
            case SCHEMA -> attributes.containsKey(attribute);
            case SCALING_GROUP -> attributes.containsKey(attribute) || attribute.startsWith("resource.");
            case DEPLOYMENT_OUTPUTS, GROUP_MEMBERS, ANY -> true;
        };
        if (known) {
            return Optional.empty();
        }
        return Optional.of("The Referenced Attribute (" + resourceName + " " + attribute + ") is incorrect.");
    }

    @Override
    public String toString() {
        return name;
    }

    /** Builds a {@link ResourceType}. */
    public static final class Builder {
        private final String name;
        private final String heatClassName;
        private String description = "";
        private SupportStatus supportStatus = SupportStatus.SUPPORTED;
        private final LinkedHashMap<String, PropertySchema> properties = new LinkedHashMap<>();
        private final LinkedHashMap<String, AttributeSchema> attributes = new LinkedHashMap<>();
        private AttributeMode attributeMode = AttributeMode.SCHEMA;
        private boolean acceptsAnyProperties;
        private final List<Check> checks = new ArrayList<>();

        private Builder(String name, String heatClassName) {
            this.name = name;
            this.heatClassName = heatClassName;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder support(SupportStatus status) {
            this.supportStatus = status;
            return this;
        }

        public Builder property(String name, PropertySchema schema) {
            this.properties.put(name, schema);
            return this;
        }

        public Builder properties(Map<String, PropertySchema> schemas) {
            this.properties.putAll(schemas);
            return this;
        }

        public Builder attribute(String name, AttributeSchema schema) {
            this.attributes.put(name, schema);
            return this;
        }

        public Builder attributes(Map<String, AttributeSchema> schemas) {
            this.attributes.putAll(schemas);
            return this;
        }

        public Builder attributeMode(AttributeMode mode) {
            this.attributeMode = mode;
            return this;
        }

        public Builder acceptsAnyProperties() {
            this.acceptsAnyProperties = true;
            return this;
        }

        public Builder check(Check check) {
            this.checks.add(check);
            return this;
        }

        public ResourceType build() {
            return new ResourceType(this);
        }
    }
}
