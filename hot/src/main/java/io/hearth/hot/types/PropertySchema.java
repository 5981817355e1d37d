package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schema of one property, as Heat's {@code heat/engine/properties.py} {@code Schema} holds it:
 * type, description, default, required, update_allowed, immutable, constraints, support status and,
 * for a map or a list, the schema of its entries.
 *
 * <p>A {@link PropertyType#LIST} may have an {@link #itemSchema() item schema} (every item follows it);
 * a {@link PropertyType#MAP} may have a {@link #mapSchema() map schema} (its known keys; any other key
 * is an unknown property, as in Heat). Build one with {@link #of(PropertyType, String)}.
 */
public final class PropertySchema {

    private final PropertyType type;
    private final String description;
    private final JsonNode defaultValue;
    private final boolean required;
    private final boolean updateAllowed;
    private final boolean immutable;
    private final List<Constraint> constraints;
    private final SupportStatus supportStatus;
    private final PropertySchema itemSchema;
    private final Map<String, PropertySchema> mapSchema;

    private PropertySchema(Builder b) {
        this.type = b.type;
        this.description = b.description;
        this.defaultValue = b.defaultValue;
        this.required = b.required;
        this.updateAllowed = b.updateAllowed;
        this.immutable = b.immutable;
        this.constraints = List.copyOf(b.constraints);
        this.supportStatus = b.supportStatus;
        this.itemSchema = b.itemSchema;
        this.mapSchema = b.mapSchema == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(b.mapSchema));
        if (updateAllowed && immutable) {
            throw new IllegalArgumentException("Options update_allowed and immutable cannot both be True");
        }
        if (itemSchema != null && type != PropertyType.LIST) {
            throw new IllegalArgumentException("Single schema valid only for List, not " + type.heatName());
        }
        if (mapSchema != null && type != PropertyType.MAP) {
            throw new IllegalArgumentException("Schema valid only for List or Map, not " + type.heatName());
        }
    }

    /** Starts a schema of the given type. */
    public static Builder of(PropertyType type, String description) {
        return new Builder(type, description);
    }

    public PropertyType type() {
        return type;
    }

    public String description() {
        return description;
    }

    /** The default value, or null when there is none. */
    public JsonNode defaultValue() {
        return defaultValue == null ? null : defaultValue.deepCopy();
    }

    public boolean hasDefault() {
        return defaultValue != null;
    }

    public boolean required() {
        return required;
    }

    public boolean updateAllowed() {
        return updateAllowed;
    }

    public boolean immutable() {
        return immutable;
    }

    public List<Constraint> constraints() {
        return constraints;
    }

    public SupportStatus supportStatus() {
        return supportStatus;
    }

    /** The schema every item of a list follows, or null. */
    public PropertySchema itemSchema() {
        return itemSchema;
    }

    /** The known keys of a map and their schemas, or null when the map is free-form. */
    public Map<String, PropertySchema> mapSchema() {
        return mapSchema;
    }

    /** A builder holding this schema's settings (Heat reuses schemas of other types with small changes). */
    public Builder toBuilder() {
        Builder b = new Builder(type, description);
        b.defaultValue = defaultValue;
        b.required = required;
        b.updateAllowed = updateAllowed;
        b.immutable = immutable;
        b.constraints.addAll(constraints);
        b.supportStatus = supportStatus;
        b.itemSchema = itemSchema;
        b.mapSchema = mapSchema;
        return b;
    }

    /** Builds a {@link PropertySchema}; every setter returns the builder. */
    public static final class Builder {
        private final PropertyType type;
        private final String description;
        private JsonNode defaultValue;
        private boolean required;
        private boolean updateAllowed;
        private boolean immutable;
        private final List<Constraint> constraints = new ArrayList<>();
        private SupportStatus supportStatus = SupportStatus.SUPPORTED;
        private PropertySchema itemSchema;
        private Map<String, PropertySchema> mapSchema;

        private Builder(PropertyType type, String description) {
            if (type == null) {
                throw new IllegalArgumentException("type");
            }
            this.type = type;
            this.description = description;
        }

        public Builder required() {
            this.required = true;
            return this;
        }

        public Builder updateAllowed() {
            this.updateAllowed = true;
            return this;
        }

        public Builder immutable() {
            this.immutable = true;
            return this;
        }

        /** The default: a String, Number, Boolean, or a Jackson node for lists and maps. */
        public Builder defaultValue(Object value) {
            JsonNodeFactory f = JsonNodeFactory.instance;
            if (value instanceof JsonNode node) {
                this.defaultValue = node;
            } else if (value instanceof String s) {
                this.defaultValue = f.textNode(s);
            } else if (value instanceof Integer i) {
                this.defaultValue = f.numberNode(i);
            } else if (value instanceof Double d) {
                this.defaultValue = f.numberNode(d);
            } else if (value instanceof Boolean bool) {
                this.defaultValue = f.booleanNode(bool);
            } else {
                throw new IllegalArgumentException("unsupported default " + value);
            }
            return this;
        }

        public Builder constraint(Constraint constraint) {
            this.constraints.add(constraint);
            return this;
        }

        public Builder support(SupportStatus status) {
            this.supportStatus = status;
            return this;
        }

        /** The schema of every item of a list. */
        public Builder items(PropertySchema schema) {
            this.itemSchema = schema;
            return this;
        }

        /** The known keys of a map, in order. */
        public Builder keys(Map<String, PropertySchema> schema) {
            this.mapSchema = schema;
            return this;
        }

        public PropertySchema build() {
            return new PropertySchema(this);
        }
    }
}
