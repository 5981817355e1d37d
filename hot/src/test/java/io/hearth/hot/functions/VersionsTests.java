package io.hearth.hot.functions;

import static io.hearth.hot.functions.Hot.context;
import static io.hearth.hot.functions.Hot.eval;
import static io.hearth.hot.functions.Hot.failure;
import static io.hearth.hot.functions.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which functions each heat_template_version has, as heat/engine/hot/template.py lists them. */
class VersionsTests {

    @ParameterizedTest
    @CsvSource({
        "2013-05-23,2013-05-23", "2014-10-16,2014-10-16", "2015-04-30,2015-04-30", "2015-10-15,2015-10-15",
        "2016-04-08,2016-04-08", "2016-10-14,2016-10-14", "newton,2016-10-14", "ocata,2017-02-24",
        "pike,2017-09-01", "queens,2018-03-02", "rocky,2018-08-31", "wallaby,2021-04-16", "2021-04-16,2021-04-16",
    })
    void versionsByDateOrReleaseName(String value, String date) {
        assertThat(HotVersion.of(value).date()).isEqualTo(date);
        assertThat(HotVersion.of(value)).isEqualTo(HotVersion.of(date));
    }

    @Test
    void anUnknownVersionIsRefusedWithHeatsList() {
        ExpressionException e = failure(() -> HotVersion.of("2019-01-01"));
        assertThat(e.path()).isEqualTo("heat_template_version");
        assertThat(e.heatMessage()).isEqualTo("The template version is invalid: \"heat_template_version: 2019-01-01\". "
                + "\"heat_template_version\" should be one of: 2013-05-23, 2014-10-16, 2015-04-30, 2015-10-15, "
                + "2016-04-08, 2016-10-14, 2017-02-24, 2017-09-01, 2018-03-02, 2018-08-31, 2021-04-16, newton, "
                + "ocata, pike, queens, rocky, wallaby");
    }

    @ParameterizedTest(name = "{0} arrives in {2}")
    @CsvSource(delimiter = '|', value = {
        "{\"digest\": [\"md5\", \"x\"]}|2014-10-16|2015-04-30",
        "{\"repeat\": {\"template\": \"x\", \"for_each\": {\"x\": [\"a\"]}}}|2014-10-16|2015-04-30",
        "{\"str_split\": [\",\", \"a,b\"]}|2015-04-30|2015-10-15",
        "{\"map_merge\": [{\"a\": 1}]}|2015-10-15|2016-04-08",
        "{\"map_replace\": [{\"a\": 1}, {}]}|2016-04-08|2016-10-14",
        "{\"if\": [true, 1, 2]}|2016-04-08|2016-10-14",
        "{\"filter\": [[1], [1, 2]]}|2016-10-14|2017-02-24",
        "{\"str_replace_strict\": {\"template\": \"a\", \"params\": {\"a\": \"b\"}}}|2016-10-14|2017-02-24",
        "{\"make_url\": {\"host\": \"h\"}}|2017-02-24|2017-09-01",
        "{\"list_concat\": [[1]]}|2017-02-24|2017-09-01",
        "{\"list_concat_unique\": [[1]]}|2017-02-24|2017-09-01",
        "{\"str_replace_vstrict\": {\"template\": \"a\", \"params\": {\"a\": \"b\"}}}|2017-02-24|2017-09-01",
        "{\"contains\": [1, [1]]}|2017-02-24|2017-09-01",
    })
    void aFunctionIsRefusedBeforeItsVersion(String call, String before, String from) {
        String fn = json(call).fieldNames().next();
        ExpressionException e = failure(before, call);
        assertThat(e.path()).isEqualTo(fn);
        assertThat(e.heatMessage()).isEqualTo("The function \"" + fn + "\" is not supported in heat_template_version "
                + before + "; it requires " + from + " or later");
        assertThat(HotFunctions.isResolved(eval(from, call))).isTrue();
        assertThat(HotFunctions.isResolved(eval("wallaby", call))).isTrue();
    }

    @Test
    void removedCloudFormationFunctionsAreRefusedAsHeatDoes() {
        ExpressionException e = failure("2014-10-16", "{\"Fn::GetAZs\": \"\"}");
        assertThat(e).hasMessage("Fn::GetAZs: The template version is invalid: "
                + "The function Fn::GetAZs is not supported in this version of HOT.");
        assertThat(failure("2015-10-15", "{\"Fn::Select\": [0, [\"a\"]]}").heatMessage())
                .isEqualTo("The template version is invalid: The function Fn::Select is not supported in this version of HOT.");
        assertThat(failure("wallaby", "{\"Ref\": \"x\"}").heatMessage())
                .isEqualTo("The template version is invalid: The function Ref is not supported in this version of HOT.");
    }

    @Test
    void functionsHeatHasAndHearthDoesNotAreRefusedClearly() {
        assertThat(failure("newton", "{\"yaql\": {\"expression\": \"$.data.a\", \"data\": {\"a\": 1}}}").heatMessage())
                .isEqualTo("yaql is not supported by Hearth; use other intrinsic functions");
        assertThat(failure("2016-04-08", "{\"yaql\": {\"expression\": \"1\"}}").heatMessage())
                .isEqualTo("The function \"yaql\" is not supported in heat_template_version 2016-04-08; "
                        + "it requires 2016-10-14 or later");
        assertThat(failure("2013-05-23", "{\"resource_facade\": \"metadata\"}").heatMessage())
                .isEqualTo("\"resource_facade\" is only available in the template of a template resource (a nested stack)");
        assertThat(failure("2013-05-23", "{\"Fn::ResourceFacade\": \"Tags\"}").heatMessage())
                .isEqualTo("Incorrect arguments to \"Fn::ResourceFacade\" should be one of: Metadata, DeletionPolicy, "
                        + "UpdatePolicy");
    }

    @Test
    void theCloudFormationFunctionsOfEarlyHotVersionsWork() {
        assertThat(eval("2015-04-30", "{\"Fn::Select\": [0, [\"a\"]]}")).isEqualTo(json("\"a\""));
        assertThat(eval("2013-05-23", "{\"Fn::Join\": [\",\", [\"a\", \"b\"]]}")).isEqualTo(json("\"a,b\""));
        assertThat(eval("2013-05-23", "{\"Ref\": \"web\"}")).isEqualTo(json("{\"Ref\": \"web\"}"));
    }

    @Test
    void otherSingleKeyMapsAreData() {
        EvaluationContext ctx = context("2013-05-23").parameter("x", json("\"v\"")).build();
        assertThat(eval(ctx, "{\"foo\": {\"get_param\": \"x\"}}")).isEqualTo(json("{\"foo\": \"v\"}"));
        assertThat(eval(ctx, "{\"get_param\": \"x\", \"other\": 1}")).isEqualTo(json("{\"get_param\": \"x\", \"other\": 1}"));
    }

    @Test
    void variantsFollowTheVersion() {
        // get_attr with only a resource name: all attributes, from 2015-10-15
        assertThat(eval("2015-10-15", "{\"get_attr\": [\"server\"]}")).isEqualTo(json("{\"get_attr\": [\"server\"]}"));
        assertThat(failure("2015-04-30", "{\"get_attr\": [\"server\"]}").heatMessage())
                .isEqualTo("Arguments to \"get_attr\" must be of the form [resource_name, attribute, (path), ...]");
        // list_join takes several lists from 2015-10-15
        assertThat(failure("2015-04-30", "{\"list_join\": [\",\", [\"a\"], [\"b\"]]}").heatMessage())
                .startsWith("Incorrect arguments to \"list_join\"");
        // permutations is a repeat argument from pike; before, it is ignored
        assertThat(eval("ocata", """
                {"repeat": {"template": "%a%%b%", "for_each": {"%a%": ["1", "2"], "%b%": ["x", "y"]}, "permutations": false}}"""))
                .isEqualTo(json("[\"1x\", \"1y\", \"2x\", \"2y\"]"));
        assertThat(eval("pike", """
                {"repeat": {"template": "%a%%b%", "for_each": {"%a%": ["1", "2"], "%b%": ["x", "y"]}, "permutations": false}}"""))
                .isEqualTo(json("[\"1x\", \"2y\"]"));
    }
}
