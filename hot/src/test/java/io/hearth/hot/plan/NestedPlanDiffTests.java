package io.hearth.hot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.hearth.hot.functions.StackIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Heat's update preview with show_nested, on the templates of Heat's test_preview_update. */
class NestedPlanDiffTests {

    private static final StackIdentity TOP = new StackIdentity("top", "0b7a3c57-0000-4000-8000-000000000001", "demo");
    private static final String PARENT = """
            heat_template_version: 2016-04-08
            resources:
              nested1:
                type: nested1.yaml
            """;
    private static final String NESTED1 = """
            heat_template_version: 2016-04-08
            resources:
              nested2:
                type: nested2.yaml
            """;
    private static final String ONE_RANDOM = """
            heat_template_version: 2016-04-08
            resources:
              random:
                type: OS::Heat::RandomString
            """;
    private static final String TWO_RANDOMS = ONE_RANDOM + """
              random2:
                type: OS::Heat::RandomString
            """;

    private final StackPlanner planner = new StackPlanner();

    private NestedPlanDiff.Stack top(String template, Map<String, String> files) {
        JsonNode parsed = yaml(template);
        return new NestedPlanDiff.Stack(List.of(), TOP, parsed, planner.plan(parsed, null, null, files, TOP, null,
                true));
    }

    private NestedPlanDiff diff(String currentTemplate, Map<String, String> currentFiles, String nextTemplate,
            Map<String, String> nextFiles) {
        return NestedPlanDiff.between(planner, top(currentTemplate, currentFiles), top(nextTemplate, nextFiles),
                path -> new StackIdentity("top-" + String.join("-", path), null, "demo"));
    }

    private static List<org.assertj.core.groups.Tuple> named(List<NestedPlanDiff.Entry> entries) {
        return entries.stream().map(e -> tuple(e.resource(), e.stack().parentResource())).toList();
    }

    @Test
    void unchangedNestedStacksAreUpdatedAndTheirResourcesUnchanged() {
        Map<String, String> files = Map.of("nested1.yaml", NESTED1, "nested2.yaml", ONE_RANDOM);
        NestedPlanDiff diff = diff(PARENT, files, PARENT, files);

        assertThat(named(diff.updated())).containsExactly(tuple("nested1", null), tuple("nested2", "nested1"));
        assertThat(named(diff.unchanged())).containsExactly(tuple("random", "nested2"));
        assertThat(diff.replaced()).isEmpty();
        assertThat(diff.added()).isEmpty();
        assertThat(diff.deleted()).isEmpty();
        assertThat(diff.unchanged().get(0).stack().identity().name()).isEqualTo("top-nested1-nested2");
    }

    @Test
    void aResourceAddedOrDeletedInANestedStackIsListedWithItsParentResource() {
        Map<String, String> one = Map.of("nested1.yaml", NESTED1, "nested2.yaml", ONE_RANDOM);
        Map<String, String> two = Map.of("nested1.yaml", NESTED1, "nested2.yaml", TWO_RANDOMS);

        NestedPlanDiff adding = diff(PARENT, one, PARENT, two);
        assertThat(named(adding.added())).containsExactly(tuple("random2", "nested2"));
        assertThat(named(adding.unchanged())).containsExactly(tuple("random", "nested2"));
        assertThat(adding.deleted()).isEmpty();

        NestedPlanDiff deleting = diff(PARENT, two, PARENT, one);
        assertThat(named(deleting.deleted())).containsExactly(tuple("random2", "nested2"));
        assertThat(named(deleting.unchanged())).containsExactly(tuple("random", "nested2"));
        assertThat(deleting.added()).isEmpty();
    }

    @Test
    void replacingATemplateResourceDeletesEveryResourceOfItsNestedStacks() {
        Map<String, String> files = Map.of("nested1.yaml", NESTED1, "nested2.yaml", ONE_RANDOM);
        NestedPlanDiff diff = diff(PARENT, files, PARENT.replace("nested1.yaml", "OS::Heat::None"), Map.of());

        assertThat(named(diff.replaced())).containsExactly(tuple("nested1", null));
        assertThat(named(diff.deleted())).containsExactly(tuple("nested2", "nested1"), tuple("random", "nested2"));
        assertThat(diff.updated()).isEmpty();
        assertThat(diff.unchanged()).isEmpty();
        assertThat(diff.added()).isEmpty();
    }

    @Test
    void aTemplateResourceAddedListsTheResourcesItsNestedStackWouldHave() {
        Map<String, String> files = new HashMap<>(Map.of("nested2.yaml", ONE_RANDOM));
        String parent = """
                heat_template_version: 2016-04-08
                resources:
                  kept:
                    type: OS::Heat::None
                """;
        NestedPlanDiff diff = diff(parent, Map.of(), parent + """
                  more:
                    type: nested2.yaml
                """, files);

        assertThat(named(diff.added())).containsExactly(tuple("more", null), tuple("random", "more"));
        assertThat(named(diff.unchanged())).containsExactly(tuple("kept", null));
    }

    private static JsonNode yaml(String text) {
        try {
            return new YAMLMapper().readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
