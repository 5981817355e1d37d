package io.hearth.hot.functions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HotFunctionCatalogTests {

    @Test
    void eachVersionListsTheFunctionsItIntroducedAndEarlierOnes() {
        assertThat(HotFunctionCatalog.templateFunctions(HotVersion.V2013_05_23))
                .extracting(HotFunctionCatalog.Function::name)
                .containsExactly("Fn::Base64", "Fn::GetAZs", "Fn::Join", "Fn::MemberListToMap", "Fn::Replace",
                        "Fn::ResourceFacade", "Fn::Select", "Fn::Split", "Ref", "get_attr", "get_file", "get_param",
                        "get_resource", "list_join", "resource_facade", "str_replace");
        assertThat(HotFunctionCatalog.templateFunctions(HotVersion.V2014_10_16))
                .extracting(HotFunctionCatalog.Function::name).contains("Fn::Select").doesNotContain("Fn::Join", "Ref");
        assertThat(HotFunctionCatalog.templateFunctions(HotVersion.V2015_04_30))
                .extracting(HotFunctionCatalog.Function::name).contains("digest", "repeat").doesNotContain("str_split");
        assertThat(HotFunctionCatalog.templateFunctions(HotVersion.V2018_08_31))
                .extracting(HotFunctionCatalog.Function::name)
                .contains("make_url", "list_concat_unique", "contains", "filter", "if", "yaql");
        assertThat(HotFunctionCatalog.templateFunctions(HotVersion.V2018_08_31))
                .allSatisfy(f -> assertThat(f.description()).isNotBlank());
    }

    @Test
    void conditionFunctionsStartWithNewton() {
        assertThat(HotFunctionCatalog.conditionFunctions(HotVersion.V2016_04_08)).isEmpty();
        assertThat(HotFunctionCatalog.conditionFunctions(HotVersion.V2016_10_14))
                .extracting(HotFunctionCatalog.Function::name)
                .containsExactly("and", "equals", "get_param", "not", "or");
    }
}
