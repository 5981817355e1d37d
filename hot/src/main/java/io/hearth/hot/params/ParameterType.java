package io.hearth.hot.params;

import java.util.Arrays;
import java.util.Optional;

/**
 * The types a HOT parameter may have. HOT takes only these lower-case names: CloudFormation's
 * {@code String}, {@code Number}, {@code CommaDelimitedList} and {@code Json} are refused in a
 * HOT template with {@code Invalid type (String)}, as Heat's {@code HOTParamSchema.TYPES} does.
 */
public enum ParameterType {
    STRING("string", "String"),
    NUMBER("number", "Number"),
    COMMA_DELIMITED_LIST("comma_delimited_list", "CommaDelimitedList"),
    JSON("json", "Json"),
    BOOLEAN("boolean", "Boolean");

    private final String hotName;
    private final String cfnName;

    ParameterType(String hotName, String cfnName) {
        this.hotName = hotName;
        this.cfnName = cfnName;
    }

    /** The name a CFN template uses, e.g. {@code CommaDelimitedList} (and Heat's validate answer). */
    public String cfnName() {
        return cfnName;
    }

    /** The type a CFN template names, matched exactly. */
    public static Optional<ParameterType> fromCfnName(String name) {
        return Arrays.stream(values()).filter(t -> t.cfnName.equals(name)).findFirst();
    }

    /** The name used in templates, e.g. {@code comma_delimited_list}. */
    public String hotName() {
        return hotName;
    }

    /** The type a template names, matched exactly (HOT names are lower case). */
    public static Optional<ParameterType> fromHotName(String name) {
        return Arrays.stream(values()).filter(t -> t.hotName.equals(name)).findFirst();
    }
}
