package io.hearth.hot.functions;

import static io.hearth.hot.functions.Hot.context;
import static io.hearth.hot.functions.Hot.eval;
import static io.hearth.hot.functions.Hot.failure;
import static io.hearth.hot.functions.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The functions of CFN templates, as heat/engine/cfn/functions.py and its tests (test_cfn_functions?) pin them. */
class CfnFunctionsTests {

    private static final String CFN = "2010-09-09";

    private static EvaluationContext stack() {
        return context(CFN).parameter("Flavor", json("\"m1.small\"")).parameter("Count", json("3"))
                .declaredParameters(Set.of("Flavor", "Count", "Unset"))
                .resourceNames(Set.of("web", "db"))
                .mappings(json("{\"Arch\": {\"m1.small\": {\"Image\": \"F17-x86_64\"}}}"))
                .conditions(json("{\"Prod\": {\"Fn::Equals\": [{\"Ref\": \"Flavor\"}, \"m1.large\"]}}"))
                .stack(new StackIdentity("teststack", "1b2c", "demo"))
                .build();
    }

    private static ExpressionException refused(String value) {
        return failure(() -> eval(stack(), value));
    }

    @Test
    void refNamesAParameterOrAResource() {
        assertThat(eval(stack(), "{\"Ref\": \"Flavor\"}")).isEqualTo(json("\"m1.small\""));
        assertThat(eval(stack(), "{\"Ref\": \"web\"}")).isEqualTo(json("{\"Ref\": \"web\"}"));
        assertThat(eval(stack().withResolver(new Hot.Resources().id("web", "abc")), "{\"Ref\": \"web\"}"))
                .isEqualTo(json("\"abc\""));
        assertThat(refused("{\"Ref\": \"nothing\"}").heatMessage())
                .isEqualTo("The specified reference \"nothing\" (in unknown) is incorrect.");
        assertThat(refused("{\"Ref\": \"Unset\"}").heatMessage()).isEqualTo("The Parameter (Unset) was not provided.");
    }

    @Test
    void pseudoParametersAreCloudFormations() {
        assertThat(eval(stack(), "{\"Ref\": \"AWS::StackName\"}")).isEqualTo(json("\"teststack\""));
        assertThat(eval(stack(), "{\"Ref\": \"AWS::StackId\"}"))
                .isEqualTo(json("\"arn:openstack:heat::demo:stacks/teststack/1b2c\""));
        assertThat(eval(stack(), "{\"Ref\": \"AWS::Region\"}")).isEqualTo(json("\"ap-southeast-1\""));
        assertThat(refused("{\"Ref\": \"OS::stack_name\"}").heatMessage())
                .isEqualTo("The specified reference \"OS::stack_name\" (in unknown) is incorrect.");
        // HOT's get_param is data in a CFN template
        assertThat(eval(stack(), "{\"get_param\": \"Flavor\"}")).isEqualTo(json("{\"get_param\": \"Flavor\"}"));
    }

    @Test
    void getAttTakesAResourceAndAnAttribute() {
        assertThat(eval(stack(), "{\"Fn::GetAtt\": [\"web\", \"first_address\"]}"))
                .isEqualTo(json("{\"Fn::GetAtt\": [\"web\", \"first_address\"]}"));
        assertThat(eval(stack().withResolver(new Hot.Resources().attribute("web", "first_address", "\"10.0.0.1\"")),
                "{\"Fn::GetAtt\": [\"web\", \"first_address\"]}")).isEqualTo(json("\"10.0.0.1\""));
        assertThat(refused("{\"Fn::GetAtt\": [\"web\"]}").heatMessage())
                .isEqualTo("Arguments to \"Fn::GetAtt\" must be of the form [resource_name, attribute]");
        assertThat(refused("{\"Fn::GetAtt\": [\"nothing\", \"x\"]}").heatMessage())
                .startsWith("The specified reference \"nothing\"");
    }

    @Test
    void joinSplitReplaceAndBase64() {
        assertThat(eval(stack(), "{\"Fn::Join\": [\"-\", [\"a\", {\"Ref\": \"Flavor\"}]]}"))
                .isEqualTo(json("\"a-m1.small\""));
        assertThat(eval(stack(), "{\"Fn::Join\": [\"-\", [\"a\", {\"Ref\": \"web\"}]]}"))
                .isEqualTo(json("{\"Fn::Join\": [\"-\", [\"a\", {\"Ref\": \"web\"}]]}"));
        assertThat(refused("{\"Fn::Join\": [\"-\", [\"a\"], [\"b\"]]}").heatMessage())
                .isEqualTo("Incorrect arguments to \"Fn::Join\" should be: \"Fn::Join\" : [ \" \", [ \"str1\", \"str2\"]]");
        assertThat(refused("{\"Fn::Join\": [\"-\", [1]]}").heatMessage()).isEqualTo("Items to join must be strings not 1");
        assertThat(eval(stack(), "{\"Fn::Split\": [\",\", \"a,b,c\"]}")).isEqualTo(json("[\"a\", \"b\", \"c\"]"));
        assertThat(refused("{\"Fn::Split\": \"a,b\"}").heatMessage())
                .isEqualTo("Incorrect arguments to \"Fn::Split\" should be: \"Fn::Split\" : [ \",\", \"str1,str2\"]]");
        assertThat(eval(stack(), "{\"Fn::Replace\": [{\"$x\": \"foo\", \"%y%\": 3}, \"$x is %y%\"]}"))
                .isEqualTo(json("\"foo is 3\""));
        assertThat(refused("{\"Fn::Replace\": [{\"$x\": [1]}, \"$x\"]}").heatMessage())
                .isEqualTo("\"Fn::Replace\" params must be strings or numbers, param $x is not valid");
        assertThat(refused("{\"Fn::Replace\": {\"template\": \"x\", \"params\": {}}}").heatMessage())
                .startsWith("Incorrect arguments to \"Fn::Replace\" should be: {\"Fn::Replace\": [ {\"$var1\"");
        assertThat(eval(stack(), "{\"Fn::Base64\": \"#!/bin/sh\"}")).isEqualTo(json("\"#!/bin/sh\""));
        assertThat(refused("{\"Fn::Base64\": [1]}").heatMessage()).isEqualTo("\"Fn::Base64\" argument must be a string");
    }

    @ParameterizedTest(name = "Fn::Select {0} of {1} is {2}")
    @CsvSource(delimiter = '|', value = {
        "1|[\"a\", \"b\"]|\"b\"",
        "\"1\"|[\"a\", \"b\"]|\"b\"",
        "-1|[\"a\", \"b\"]|\"b\"",
        "5|[\"a\", \"b\"]|\"\"",
        "\"k\"|{\"k\": \"v\"}|\"v\"",
        "\"z\"|{\"k\": \"v\"}|\"\"",
        "0|\"[\\\"x\\\"]\"|\"x\"",
        "0|\"\"|\"\"",
        "0|null|\"\"",
    })
    void selectPicksFromAListOrAMap(String index, String collection, String expected) {
        assertThat(eval(stack(), "{\"Fn::Select\": [" + index + ", " + collection + "]}")).isEqualTo(json(expected));
    }

    @Test
    void selectRefusesWhatHeatRefuses() {
        assertThat(refused("{\"Fn::Select\": [0]}").heatMessage())
                .isEqualTo("Arguments to \"Fn::Select\" must be of the form [index, collection]");
        assertThat(refused("{\"Fn::Select\": [\"a\", [1]]}").heatMessage())
                .isEqualTo("Index to \"Fn::Select\" must be an integer");
        assertThat(refused("{\"Fn::Select\": [1, {\"a\": 1}]}").heatMessage())
                .isEqualTo("Index to \"Fn::Select\" must be a string");
    }

    @Test
    void memberListToMapFindInMapAndGetAZs() {
        assertThat(eval(stack(), """
                {"Fn::MemberListToMap": ["Name", "Value", [".member.0.Name=key", ".member.0.Value=door",
                 ".member.1.Name=colour", ".member.1.Value=green"]]}"""))
                .isEqualTo(json("{\"key\": \"door\", \"colour\": \"green\"}"));
        assertThat(refused("{\"Fn::MemberListToMap\": [1, \"Value\", []]}").heatMessage())
                .isEqualTo("Fn::MemberListToMap Key Name must be a string");
        assertThat(eval(stack(), "{\"Fn::FindInMap\": [\"Arch\", {\"Ref\": \"Flavor\"}, \"Image\"]}"))
                .isEqualTo(json("\"F17-x86_64\""));
        assertThat(refused("{\"Fn::FindInMap\": [\"Arch\", \"m1.tiny\", \"Image\"]}").heatMessage())
                .isEqualTo("\"Fn::FindInMap\": the key 'm1.tiny' is not in 'Arch'");
        assertThat(eval(stack(), "{\"Fn::GetAZs\": \"\"}")).isEqualTo(json("[\"nova\"]"));
    }

    @Test
    void conditionsAndIf() {
        EvaluationContext ctx = stack();
        assertThat(HotFunctions.evaluateCondition(json("\"Prod\""), ctx, "resources", "web", "condition")).isFalse();
        assertThat(HotFunctions.evaluateCondition(json("{\"Fn::Not\": [\"Prod\"]}"), ctx)).isTrue();
        assertThat(HotFunctions.evaluateCondition(json("{\"Fn::And\": [\"Prod\", true]}"), ctx)).isFalse();
        assertThat(HotFunctions.evaluateCondition(json("{\"Fn::Or\": [\"Prod\", true]}"), ctx)).isTrue();
        assertThat(eval(ctx, "{\"Fn::If\": [\"Prod\", \"big\", \"small\"]}", "resources", "web", "properties"))
                .isEqualTo(json("\"small\""));
        assertThat(failure(() -> HotFunctions.evaluateCondition(json("{\"Fn::Not\": \"Prod\"}"), ctx)).heatMessage())
                .isEqualTo("Arguments to \"Fn::Not\" must be of the form: [condition]");
        assertThat(failure(() -> HotFunctions.evaluateCondition(json("{\"Fn::Join\": [\"\", []]}"), ctx))
                .heatMessage()).isEqualTo("The function \"Fn::Join\" is invalid in this context");
        assertThat(failure(() -> eval(ctx, "{\"Fn::If\": [\"Prod\", 1, 2]}", "resources", "web", "metadata"))
                .heatMessage()).isEqualTo("The function \"Fn::If\" is invalid in this context");
        // HOT's functions are data in a CFN template, and 2012-12-12 has no Fn::If
        assertThat(eval(ctx, "{\"if\": [\"Prod\", 1, 2]}")).isEqualTo(json("{\"if\": [\"Prod\", 1, 2]}"));
        assertThat(eval("2012-12-12", "{\"Fn::If\": [\"Prod\", 1, 2]}")).isEqualTo(json("{\"Fn::If\": [\"Prod\", 1, 2]}"));
    }

    @Test
    void theCfnVersionsAreKnownByTheirKeys() {
        assertThat(HotVersion.of(HotVersion.CFN_KEY, "2010-09-09")).isEqualTo(HotVersion.CFN_2010_09_09);
        assertThat(failure(() -> HotVersion.of(HotVersion.CFN_KEY, "2010-09-10")).heatMessage())
                .isEqualTo("The template version is invalid: \"AWSTemplateFormatVersion: 2010-09-10\". "
                        + "\"AWSTemplateFormatVersion\" should be: 2010-09-09");
        assertThat(failure(() -> HotVersion.of("2010-09-09")).heatMessage()).startsWith(
                "The template version is invalid: \"heat_template_version: 2010-09-09\". \"heat_template_version\" "
                        + "should be one of: 2013-05-23");
        assertThat(HotVersion.ofPlan("2012-12-12")).isEqualTo(HotVersion.HEAT_2012_12_12);
    }
}
