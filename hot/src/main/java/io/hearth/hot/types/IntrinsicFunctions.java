package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/**
 * Recognises a value that is still a HOT intrinsic function: a mapping with exactly one key that is
 * a function's name. Such a value resolves later (a parameter, another resource's attribute, ...), so
 * the property validation does not type-check it.
 */
public final class IntrinsicFunctions {

    /**
     * The HOT functions and condition functions (heat_template_version 2013-05-23 to wallaby), and the
     * CFN functions that may wait for a resource ({@code Ref}, {@code Fn::GetAtt} and those around them).
     */
    public static final Set<String> NAMES = Set.of(
            "get_attr", "get_resource", "get_param", "get_file",
            "str_replace", "str_replace_strict", "str_replace_vstrict",
            "list_join", "str_split", "repeat", "digest",
            "map_merge", "map_replace", "list_concat", "list_concat_unique",
            "contains", "filter", "make_url", "if", "yaql",
            "equals", "not", "and", "or",
            "Ref", "Fn::GetAtt", "Fn::Join", "Fn::Select", "Fn::Split", "Fn::Replace", "Fn::Base64",
            "Fn::MemberListToMap");

    private IntrinsicFunctions() {
    }

    /** True when the value is {@code {<function>: <arguments>}}. */
    public static boolean isFunction(JsonNode value) {
        if (value == null || !value.isObject() || value.size() != 1) {
            return false;
        }
        return NAMES.contains(value.fieldNames().next());
    }

    /** True when the value is a function or holds one anywhere inside it. */
    public static boolean containsFunction(JsonNode value) {
        if (value == null) {
            return false;
        }
        if (isFunction(value)) {
            return true;
        }
        for (JsonNode child : value) {
            if (containsFunction(child)) {
                return true;
            }
        }
        return false;
    }
}
