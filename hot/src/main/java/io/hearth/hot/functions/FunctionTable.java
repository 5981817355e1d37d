package io.hearth.hot.functions;

import static io.hearth.hot.functions.HotVersion.V2013_05_23;
import static io.hearth.hot.functions.HotVersion.V2014_10_16;
import static io.hearth.hot.functions.HotVersion.V2015_04_30;
import static io.hearth.hot.functions.HotVersion.V2015_10_15;
import static io.hearth.hot.functions.HotVersion.V2016_04_08;
import static io.hearth.hot.functions.HotVersion.V2016_10_14;
import static io.hearth.hot.functions.HotVersion.V2017_02_24;
import static io.hearth.hot.functions.HotVersion.V2017_09_01;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which function names each template version knows, after Heat's {@code heat/engine/hot/template.py}
 * and {@code heat/engine/cfn/template.py}: the functions of templates ({@code functions}) and of
 * condition definitions ({@code condition_functions}), and the CloudFormation functions HOT dropped.
 */
final class FunctionTable {

    private FunctionTable() {
    }

    /** How a single-key map is read. */
    enum Kind {
        /** Not a function here: a plain map. */
        DATA,
        /** A function call to evaluate. */
        CALL,
        /** A HOT function of a later template version. */
        TOO_NEW,
        /** A CloudFormation function HOT removed (Heat's {@code Removed}). */
        REMOVED,
        /** A function not allowed in this place (Heat's {@code Invalid}). */
        INVALID_HERE,
        /** A function Heat has and Hearth does not implement. */
        NOT_IN_HEARTH
    }

    /** Where a value is evaluated: template sections, or a condition (conditions section, if, condition:). */
    enum Mode {
        TEMPLATE, CONDITION
    }

    /** HOT functions of templates, with the version that introduced each. */
    static final Map<String, HotVersion> TEMPLATE_SINCE = Map.ofEntries(
            Map.entry("get_attr", V2013_05_23),
            Map.entry("get_file", V2013_05_23),
            Map.entry("get_param", V2013_05_23),
            Map.entry("get_resource", V2013_05_23),
            Map.entry("list_join", V2013_05_23),
            Map.entry("resource_facade", V2013_05_23),
            Map.entry("str_replace", V2013_05_23),
            Map.entry("digest", V2015_04_30),
            Map.entry("repeat", V2015_04_30),
            Map.entry("str_split", V2015_10_15),
            Map.entry("map_merge", V2016_04_08),
            Map.entry("yaql", V2016_10_14),
            Map.entry("map_replace", V2016_10_14),
            Map.entry("if", V2016_10_14),
            Map.entry("filter", V2017_02_24),
            Map.entry("str_replace_strict", V2017_02_24),
            Map.entry("make_url", V2017_09_01),
            Map.entry("list_concat", V2017_09_01),
            Map.entry("str_replace_vstrict", V2017_09_01),
            Map.entry("list_concat_unique", V2017_09_01),
            Map.entry("contains", V2017_09_01));

    /** Functions of condition definitions, with the version that introduced each. */
    static final Map<String, HotVersion> CONDITION_SINCE = Map.of(
            "equals", V2016_10_14,
            "get_param", V2016_10_14,
            "not", V2016_10_14,
            "and", V2016_10_14,
            "or", V2016_10_14,
            "yaql", V2017_09_01,
            "contains", V2017_09_01);

    /** CloudFormation functions of 2013-05-23, with the version that removed each. */
    static final Map<String, HotVersion> CFN_REMOVED_IN = Map.of(
            "Fn::GetAZs", V2014_10_16,
            "Fn::Join", V2014_10_16,
            "Fn::Split", V2014_10_16,
            "Fn::Replace", V2014_10_16,
            "Fn::Base64", V2014_10_16,
            "Fn::MemberListToMap", V2014_10_16,
            "Fn::ResourceFacade", V2014_10_16,
            "Ref", V2014_10_16,
            "Fn::Select", V2015_10_15);

    /** The functions of CFN templates ({@code HeatTemplate}, 2012-12-12); 2010-09-09 adds {@code Fn::If}. */
    static final Set<String> CFN_TEMPLATE = Set.of("Fn::FindInMap", "Fn::GetAZs", "Ref", "Fn::GetAtt", "Fn::Select",
            "Fn::Join", "Fn::Split", "Fn::Replace", "Fn::Base64", "Fn::MemberListToMap", "Fn::ResourceFacade");

    /** The functions of a 2010-09-09 template's condition definitions ({@code CfnTemplate.condition_functions}). */
    static final Set<String> CFN_CONDITION = Set.of("Fn::Equals", "Ref", "Fn::FindInMap", "Fn::Not", "Fn::And",
            "Fn::Or");

    /** The template functions of a CFN version. */
    static Set<String> cfnFunctions(HotVersion version) {
        if (version == HotVersion.HEAT_2012_12_12) {
            return CFN_TEMPLATE;
        }
        Set<String> all = new TreeSet<>(CFN_TEMPLATE);
        all.add("Fn::If");
        return all;
    }

    /** The condition functions of a CFN version (2012-12-12 has no conditions). */
    static Set<String> cfnConditionFunctions(HotVersion version) {
        return version == HotVersion.HEAT_2012_12_12 ? Set.of() : CFN_CONDITION;
    }

    static Kind kind(String name, HotVersion version, Mode mode) {
        if (version.cfn()) {
            return cfnKind(name, version, mode);
        }
        HotVersion template = TEMPLATE_SINCE.get(name);
        HotVersion removed = CFN_REMOVED_IN.get(name);
        if (mode == Mode.TEMPLATE) {
            if (template != null) {
                if (!version.atLeast(template)) {
                    return Kind.TOO_NEW;
                }
                return notInHearth(name) ? Kind.NOT_IN_HEARTH : Kind.CALL;
            }
            if (removed != null) {
                return version.atLeast(removed) ? Kind.REMOVED : notInHearth(name) ? Kind.NOT_IN_HEARTH : Kind.CALL;
            }
            return Kind.DATA;
        }
        HotVersion condition = CONDITION_SINCE.get(name);
        if (condition != null && version.atLeast(condition)) {
            return notInHearth(name) ? Kind.NOT_IN_HEARTH : Kind.CALL;
        }
        if (template != null && version.atLeast(template)) {
            return Kind.INVALID_HERE;
        }
        if (removed != null) {
            return version.atLeast(removed) ? Kind.REMOVED : Kind.INVALID_HERE;
        }
        if (condition != null || template != null) {
            return Kind.TOO_NEW;
        }
        return Kind.DATA;
    }

    /** The first version with {@code name} in the given mode (for a TOO_NEW function). */
    static HotVersion since(String name, Mode mode) {
        HotVersion template = TEMPLATE_SINCE.get(name);
        HotVersion condition = CONDITION_SINCE.get(name);
        if (mode == Mode.TEMPLATE || condition == null) {
            return template;
        }
        return template == null || condition.compareTo(template) <= 0 ? condition : template;
    }

    /** Heat's CFN templates: their functions, and in conditions every template function is invalid. */
    private static Kind cfnKind(String name, HotVersion version, Mode mode) {
        if (mode == Mode.CONDITION && cfnConditionFunctions(version).contains(name)) {
            return Kind.CALL;
        }
        if (cfnFunctions(version).contains(name)) {
            return mode == Mode.CONDITION ? Kind.INVALID_HERE : notInHearth(name) ? Kind.NOT_IN_HEARTH : Kind.CALL;
        }
        return Kind.DATA;
    }

    private static boolean notInHearth(String name) {
        return name.equals("yaql");
    }
}
