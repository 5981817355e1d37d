package io.hearth.hot.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.hearth.hot.TemplateProblem;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Problems come back as Heat users know them, each with where it is; nothing is thrown. */
class TemplateReaderErrorsTests {

    private final TemplateReader reader = new TemplateReader();

    @Test
    void syntaxErrorsGiveLineColumnAndTheParsersReason() {
        ReadProblem problem = only(reader.readTemplate("heat_template_version: 2018-08-31\nresources: b: c\n"));

        assertThat(problem.message())
                .isEqualTo("Error parsing template at line 2, column 13: mapping values are not allowed here");
        assertThat(problem.location()).isEqualTo(new SourceLocation("template", 2, 13));
        assertThat(problem.path()).isEmpty();
    }

    @Test
    void environmentsAndFilesNameThemselvesInSyntaxErrors() {
        assertThat(only(reader.readEnvironment("parameters:\n  a: [1\n")).message())
                .startsWith("Error parsing environment at line 3, column 1: expected ',' or ']'");
        assertThat(only(reader.readFile("lb_server.yaml", "resources: b: c")).message())
                .isEqualTo("Error parsing template lb_server.yaml at line 1, column 13: mapping values are not allowed here");
        assertThat(only(reader.readFile("lb_server.yaml", "resources: b: c")).location())
                .isEqualTo(new SourceLocation("lb_server.yaml", 1, 13));
    }

    @Test
    void badIndentationNamesTheBlockItBreaks() {
        ReadProblem problem = only(reader.readTemplate("""
                resources:
                  server:
                    type: OS::Nova::Server
                   properties: {}
                """));

        assertThat(problem.message()).startsWith("Error parsing template at line 4, column 4: ")
                .contains("expected <block end>, but found '<block mapping start>'")
                .contains("while parsing a block mapping at line 2, column 3");
        assertThat(problem.location()).isEqualTo(new SourceLocation("template", 4, 4));
    }

    @Test
    void unclosedFlowCollectionsAndQuotes() {
        assertThat(only(reader.readTemplate("a: 1\nb: [1, 2\n")).message())
                .isEqualTo("Error parsing template at line 3, column 1: expected ',' or ']', but got <stream end>"
                        + " (while parsing a flow sequence at line 2, column 4)");
        assertThat(only(reader.readTemplate("a: 'open\n")).message())
                .startsWith("Error parsing template at line 2, column 1: found unexpected end of stream")
                .contains("while scanning a quoted scalar at line 1, column 4");
        // broken JSON is read as YAML, as Heat does, and reported as YAML
        assertThat(only(reader.readTemplate("{\"a\": [1, 2}")).message())
                .isEqualTo("Error parsing template at line 1, column 12: expected ',' or ']', but got }"
                        + " (while parsing a flow sequence at line 1, column 7)");
    }

    @Test
    void tabsCannotIndent() {
        ReadProblem problem = only(reader.readTemplate("resources:\n\tserver: {}\n"));

        assertThat(problem.message()).startsWith("Error parsing template at line 2, column 1: ")
                .contains("found character '\\t(TAB)' that cannot start any token");
    }

    @Test
    void moreThanOneDocument() {
        ReadProblem problem = only(reader.readTemplate("a: 1\n---\nb: 2\n"));

        assertThat(problem.message()).isEqualTo("Error parsing template at line 2, column 1: expected a single "
                + "document in the stream, but found another document (the first starts at line 1, column 1)");
    }

    @Test
    void undefinedAlias() {
        assertThat(only(reader.readTemplate("a: *nowhere\n")).message())
                .isEqualTo("Error parsing template at line 1, column 4: found undefined alias nowhere");
    }

    @Test
    void controlCharactersAreRefusedWithTheirPlace() {
        ReadProblem problem = only(reader.readTemplate("a: 1\nb: x\u0007y\n"));

        assertThat(problem.message()).isEqualTo("Error parsing template at line 2, column 5: unacceptable "
                + "character #x0007: special characters are not allowed");
        assertThat(problem.location()).isEqualTo(new SourceLocation("template", 2, 5));
    }

    @Test
    void anEmptyTemplateIsAProblemAndReadsAsAnEmptyMapping() {
        for (String empty : new String[] {"", "   \n\n", "# only a comment\n", "---\n", "~\n", "null"}) {
            ReadResult result = reader.readTemplate(empty);
            assertThat(result.problems()).as("reading %s", empty).singleElement()
                    .extracting(ReadProblem::message).isEqualTo("Template format version not found: the template is empty");
            assertThat(result.document().isObject()).isTrue();
            assertThat(result.document().size()).isZero();
        }
        assertThat(reader.readFile("nested.yaml", "").problems()).singleElement().extracting(ReadProblem::message)
                .isEqualTo("Template format version not found: the template nested.yaml is empty");
    }

    @Test
    void anEmptyEnvironmentIsFine() {
        ReadResult result = reader.readEnvironment("");

        assertThat(result.ok()).isTrue();
        assertThat(result.document().isObject()).isTrue();
        assertThat(result.document().size()).isZero();
    }

    @Test
    void theTopLevelMustBeAMapping() {
        assertThat(only(reader.readTemplate("just a string")).message())
                .isEqualTo("The template is not a JSON object or YAML mapping. It is a string. (line 1, column 1)");
        assertThat(only(reader.readTemplate("- a\n- b\n")).message())
                .startsWith("The template is not a JSON object or YAML mapping.");
        assertThat(only(reader.readTemplate("[\"foo\" , \"bar\"]")).message())
                .startsWith("The template is not a JSON object or YAML mapping. It is a list.");
        assertThat(only(reader.readTemplate("42")).message())
                .startsWith("The template is not a JSON object or YAML mapping. It is a number.");
        assertThat(only(reader.readFile("x.yaml", "- a")).message())
                .startsWith("The template x.yaml is not a JSON object or YAML mapping.");
        assertThat(only(reader.readEnvironment("- a")).message())
                .startsWith("The environment is not a valid YAML mapping data type.");
    }

    @Test
    void environmentSectionsAreCheckedAsHeatDoes() {
        ReadResult result = reader.readEnvironment("""
                parameters:
                resource_registry:
                  OS::Nova::Server: my_server.yaml
                parameter_default:
                  flavor: m1.small
                """);

        assertThat(result.templateProblems()).containsExactly(
                new TemplateProblem("parameters", "environment has empty section \"parameters\" (line 1, column 1)"),
                new TemplateProblem("parameter_default", "environment has wrong section \"parameter_default\"; "
                        + "the sections are [encrypted_param_names, event_sinks, parameter_defaults, "
                        + "parameter_merge_strategies, parameters, resource_registry] (line 4, column 1)"));
        // the document itself was read
        assertThat(result.document().get("resource_registry").get("OS::Nova::Server").textValue())
                .isEqualTo("my_server.yaml");
    }

    @Test
    void duplicateKeysKeepTheLastValueAsHeatDoesWithAWarning() {
        ReadResult result = reader.readTemplate("""
                heat_template_version: 2018-08-31
                resources:
                  server: {type: A}
                  other: {type: B}
                  server: {type: C}
                """);

        assertThat(result.ok()).isTrue();
        assertThat(result.document().get("resources").get("server").get("type").textValue()).isEqualTo("C");
        // the key keeps its first place, as in a Python dict
        assertThat(result.document().get("resources").fieldNames()).toIterable().containsExactly("server", "other");
        assertThat(result.sourceMap().locate("resources.server.type"))
                .contains(new SourceLocation("template", 5, 18));
        assertThat(result.warnings()).singleElement().satisfies(warning -> {
            assertThat(warning.path()).isEqualTo("resources.server");
            assertThat(warning.message()).isEqualTo("Duplicate key \"server\"; it first appears at line 3, column 3, "
                    + "and only this last value is kept, as Heat does (line 5, column 3)");
        });
    }

    @Test
    void duplicateKeysInJsonToo() {
        ReadResult result = reader.readTemplate("{\"a\": 1, \"b\": {\"c\": 1, \"c\": 2}}");

        assertThat(result.ok()).isTrue();
        assertThat(result.document().get("b").get("c").intValue()).isEqualTo(2);
        assertThat(result.warnings()).singleElement().extracting(ReadProblem::path).isEqualTo("b.c");
    }

    @Test
    void duplicateKeysCanBeRefused() {
        TemplateReader strict = new TemplateReader(ReaderOptions.heatDefaults().withRejectDuplicateKeys(true));

        ReadResult yaml = strict.readTemplate("a: 1\nb: 2\na: 3\n");
        assertThat(yaml.ok()).isFalse();
        assertThat(yaml.templateProblems()).containsExactly(new TemplateProblem("a",
                "Duplicate key \"a\"; it first appears at line 1, column 1 (line 3, column 1)"));

        ReadResult json = strict.readTemplate("{\"a\": 1, \"a\": 2}");
        assertThat(json.problems()).singleElement().extracting(ReadProblem::location)
                .isEqualTo(new SourceLocation("template", 1, 10));
    }

    @Test
    void mergedKeysAreNotDuplicates() {
        ReadResult result = reader.readTemplate("a: &a {x: 1}\nb:\n  <<: *a\n  x: 2\n");

        assertThat(result.ok()).isTrue();
        assertThat(result.warnings()).isEmpty();
        assertThat(result.document().get("b").get("x").intValue()).isEqualTo(2);
    }

    @Test
    void tagsHeatCannotLoadAreProblemsEachWithItsPlace() {
        ReadResult result = reader.readTemplate("""
                a: !foo 1
                b: !!python/object/apply:os.system ["rm -rf /"]
                c: !!binary aGVsbG8=
                d: !!set {x, y}
                e: !!omap [x: 1]
                f: =
                g: !!int twelve
                h: !!bool maybe
                i: !!str [1, 2]
                ok: fine
                """);

        assertThat(result.document()).isNull();
        assertThat(result.templateProblems()).extracting(TemplateProblem::path)
                .containsExactly("a", "b", "c", "d", "e", "f", "g", "h", "i");
        assertThat(result.problems()).extracting(ReadProblem::message).satisfiesExactly(
                m -> assertThat(m).isEqualTo("could not determine a constructor for the tag !foo; "
                        + "Heat templates take plain YAML values only (line 1, column 4)"),
                m -> assertThat(m).startsWith("could not determine a constructor for the tag "
                        + "!!python/object/apply:os.system").endsWith("(line 2, column 4)"),
                m -> assertThat(m).startsWith("!!binary values are not supported").endsWith("(line 3, column 4)"),
                m -> assertThat(m).startsWith("!!set is not supported").endsWith("(line 4, column 4)"),
                m -> assertThat(m).startsWith("!!omap is not supported").endsWith("(line 5, column 4)"),
                m -> assertThat(m).startsWith("A plain = cannot be a value").endsWith("(line 6, column 4)"),
                m -> assertThat(m).isEqualTo("\"twelve\" is not an integer (line 7, column 4)"),
                m -> assertThat(m).startsWith("\"maybe\" is not a boolean").endsWith("(line 8, column 4)"),
                m -> assertThat(m).isEqualTo("expected a scalar for !!str, but found a sequence (line 9, column 4)"));
    }

    @Test
    void keysMustBeSingleValues() {
        ReadResult result = reader.readTemplate("? [a, b]\n: c\n");

        assertThat(result.problems()).singleElement().extracting(ReadProblem::message)
                .isEqualTo("A mapping key must be a single value, not a sequence (found unhashable key) (line 1, column 3)");
    }

    @Test
    void aValueThatContainsItselfIsRefused() {
        ReadProblem problem = only(reader.readTemplate("a: &loop [1, *loop]\n"));

        assertThat(problem.path()).isEqualTo("a[1]");
        assertThat(problem.message())
                .isEqualTo("Template refers to itself: the alias *loop is used inside the value it names (line 1, column 4)");

        assertThat(only(reader.readTemplate("a: &m {<<: *m}\n")).message())
                .isEqualTo("Template merges a mapping into itself (<<) (line 1, column 4)");
    }

    @Test
    void problemsReadAsTemplateProblems() {
        ReadResult result = reader.readTemplate("a: !!int x\n");

        assertThat(result.templateProblems()).containsExactly(
                new TemplateProblem("a", "\"x\" is not an integer (line 1, column 4)"));
        assertThat(result.problems().get(0).toString()).isEqualTo("a: \"x\" is not an integer (line 1, column 4)");
    }

    @Test
    void garbageNeverThrows() {
        Random random = new Random(20260522);
        String alphabet = "ab:-[]{},&*!|>'\"#%@`?\n\t =<~.0123456789\\é😀\u0000\uFEFF";
        int[] codePoints = alphabet.codePoints().toArray();
        for (int i = 0; i < 3000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(40);
            for (int j = 0; j < length; j++) {
                text.appendCodePoint(codePoints[random.nextInt(codePoints.length)]);
            }
            String input = text.toString();
            assertThatCode(() -> {
                ReadResult result = reader.readTemplate(input);
                if (result.document() == null) {
                    assertThat(result.problems()).isNotEmpty();
                }
                reader.readEnvironment(input);
            }).as("reading %s", input).doesNotThrowAnyException();
        }
        for (int i = 0; i < 1000; i++) {
            byte[] bytes = new byte[random.nextInt(30)];
            random.nextBytes(bytes);
            assertThatCode(() -> reader.readTemplate(bytes)).doesNotThrowAnyException();
        }
    }

    private static ReadProblem only(ReadResult result) {
        assertThat(result.problems()).hasSize(1);
        return result.problems().get(0);
    }
}
