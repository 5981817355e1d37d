package io.hearth.hot.functions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The functions each template version offers, as Heat's template-version API lists them. */
public final class HotFunctionCatalog {

    /**
     * One function of a template version.
     *
     * @param name        the function's name
     * @param description one line, after Heat's docstrings
     */
    public record Function(String name, String description) {
    }

    private static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
            Map.entry("get_attr", "A function for resolving resource attributes."),
            Map.entry("get_file", "A function for including a file inline."),
            Map.entry("get_param", "A function for resolving parameter references."),
            Map.entry("get_resource", "A function for resolving resource references."),
            Map.entry("list_join", "A function for joining strings."),
            Map.entry("resource_facade", "A function for retrieving data in a parent provider template."),
            Map.entry("str_replace", "A function for performing string substitutions."),
            Map.entry("digest", "A function for performing digest operations."),
            Map.entry("repeat", "A function for iterating over a list of items."),
            Map.entry("str_split", "A function for splitting delimited strings into a list."),
            Map.entry("map_merge", "A function for merging maps."),
            Map.entry("map_replace", "A function for performing substitutions on maps."),
            Map.entry("yaql", "A function for executing a yaql expression (not supported by Hearth)."),
            Map.entry("if", "A function to return corresponding value based on condition evaluation."),
            Map.entry("filter", "A function for filtering out values from lists."),
            Map.entry("str_replace_strict", "A function for performing string substitutions, failing on a missing key."),
            Map.entry("make_url", "A function for constructing a URL."),
            Map.entry("list_concat", "A function for extending lists."),
            Map.entry("str_replace_vstrict", "A function for performing string substitutions, failing on a missing key or empty value."),
            Map.entry("list_concat_unique", "A function for extending lists with unique items."),
            Map.entry("contains", "A function for checking whether specific value is in sequence."),
            Map.entry("equals", "A function for comparing whether two values are equal."),
            Map.entry("not", "A function that acts on a condition, returns the opposite of the condition."),
            Map.entry("and", "A function that acts as an AND operator on conditions."),
            Map.entry("or", "A function that acts as an OR operator on conditions."),
            Map.entry("Fn::FindInMap", "A function for resolving keys in the template mappings."),
            Map.entry("Fn::GetAZs", "A function for retrieving the availability zones."),
            Map.entry("Ref", "A function for resolving parameters or resource references."),
            Map.entry("Fn::GetAtt", "A function for resolving resource attributes."),
            Map.entry("Fn::Select", "A function for selecting an item from a list or map."),
            Map.entry("Fn::Join", "A function for joining strings."),
            Map.entry("Fn::Split", "A function for splitting strings."),
            Map.entry("Fn::Replace", "A function for performing string substitutions."),
            Map.entry("Fn::Base64", "A placeholder function for converting to base64."),
            Map.entry("Fn::MemberListToMap", "A function to convert lists with enumerated keys and values to mapping."),
            Map.entry("Fn::ResourceFacade", "A function for retrieving data in a parent provider template."),
            Map.entry("Fn::If", "A function to return corresponding value based on condition evaluation."),
            Map.entry("Fn::Equals", "A function for comparing whether two values are equal."),
            Map.entry("Fn::Not", "A function that acts as a NOT operator on a condition."),
            Map.entry("Fn::And", "A function that acts as an AND operator on conditions."),
            Map.entry("Fn::Or", "A function that acts as an OR operator on conditions."));

    private HotFunctionCatalog() {
    }

    /**
     * The functions templates of this version may use, by name: a HOT version's own and the CFN functions
     * it still has (2013-05-23, and {@code Fn::Select} until 2015-10-15), or a CFN version's.
     */
    public static List<Function> templateFunctions(HotVersion version) {
        if (version.cfn()) {
            return of(FunctionTable.cfnFunctions(version));
        }
        List<Function> functions = new ArrayList<>(of(FunctionTable.TEMPLATE_SINCE, version));
        functions.addAll(of(FunctionTable.CFN_REMOVED_IN.entrySet().stream()
                .filter(e -> !version.atLeast(e.getValue())).map(Map.Entry::getKey).toList()));
        functions.sort(Comparator.comparing(Function::name));
        return List.copyOf(functions);
    }

    /** The functions condition definitions of this version may use, by name. */
    public static List<Function> conditionFunctions(HotVersion version) {
        return version.cfn() ? of(FunctionTable.cfnConditionFunctions(version))
                : of(FunctionTable.CONDITION_SINCE, version);
    }

    private static List<Function> of(Map<String, HotVersion> since, HotVersion version) {
        return of(since.entrySet().stream().filter(e -> version.atLeast(e.getValue())).map(Map.Entry::getKey)
                .toList());
    }

    private static List<Function> of(Collection<String> names) {
        return names.stream()
                .map(name -> new Function(name, DESCRIPTIONS.getOrDefault(name, "")))
                .sorted(Comparator.comparing(Function::name))
                .toList();
    }
}
