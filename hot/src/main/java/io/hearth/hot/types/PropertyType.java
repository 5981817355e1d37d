package io.hearth.hot.types;

/**
 * The data types of a resource property, as Heat's {@code properties.Schema} names them
 * ({@code heat/engine/constraints.py}, {@code Schema.TYPES}).
 */
public enum PropertyType {
    STRING("String", "string"),
    INTEGER("Integer", "number"),
    NUMBER("Number", "number"),
    BOOLEAN("Boolean", "boolean"),
    MAP("Map", "json"),
    LIST("List", "comma_delimited_list"),
    /**
     * Heat's {@code Schema.ANY}: any value, not checked (OS::Heat::Value's {@code value}, a software
     * config input's {@code default}).
     */
    ANY("Any", "json");

    private final String heatName;
    private final String hotParameterType;

    PropertyType(String heatName, String hotParameterType) {
        this.heatName = heatName;
        this.hotParameterType = hotParameterType;
    }

    /** The name as Heat writes it in a schema definition: {@code String}, {@code Integer}, ... */
    public String heatName() {
        return heatName;
    }

    /** The name as {@code GET /resource_types/{type}} shows it: Heat lower-cases it. */
    public String apiName() {
        return heatName.toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The HOT parameter type a generated template uses for a property of this type
     * ({@code Properties._hot_param_def_from_prop}). Heat has no mapping for {@code Any} (it would
     * fail); Hearth uses {@code json}.
     */
    public String hotParameterType() {
        return hotParameterType;
    }
}
