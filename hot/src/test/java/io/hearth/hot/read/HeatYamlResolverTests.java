package io.hearth.hot.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.Tag;

/** The hand-written int and float matchers agree with PyYAML's own patterns. */
class HeatYamlResolverTests {

    /** PyYAML resolver.py, verbatim (without its re.X spacing). */
    private static final Pattern PYYAML_FLOAT = Pattern.compile(
            "[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?"
                    + "|\\.[0-9_]+(?:[eE][-+][0-9]+)?"
                    + "|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*"
                    + "|[-+]?\\.(?:inf|Inf|INF)"
                    + "|\\.(?:nan|NaN|NAN)");
    private static final Pattern PYYAML_INT = Pattern.compile(
            "[-+]?0b[0-1_]+"
                    + "|[-+]?0[0-7_]+"
                    + "|[-+]?(?:0|[1-9][0-9_]*)"
                    + "|[-+]?0x[0-9a-fA-F_]+"
                    + "|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+");

    @Test
    void agreesWithPyYamlOnRandomNumberLikeText() {
        Random random = new Random(42);
        String alphabet = "0123456789_:.+-eEbxaAfFinNIyo";
        int floats = 0;
        int ints = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = 1 + random.nextInt(9);
            for (int j = 0; j < length; j++) {
                // mostly digits and colons, so that the rarer forms come up often
                text.append(random.nextInt(3) == 0 ? alphabet.charAt(random.nextInt(alphabet.length()))
                        : "0123456789:.".charAt(random.nextInt(12)));
            }
            String value = text.toString();
            boolean isFloat = PYYAML_FLOAT.matcher(value).matches();
            boolean isInt = !isFloat && PYYAML_INT.matcher(value).matches();
            assertThat(HeatYamlResolver.isPyFloat(value)).as("float? %s", value).isEqualTo(isFloat);
            assertThat(HeatYamlResolver.isPyInt(value)).as("int? %s", value)
                    .isEqualTo(PYYAML_INT.matcher(value).matches());
            Tag expected = isFloat ? Tag.FLOAT : isInt ? Tag.INT : null;
            if (expected != null) {
                assertThat(HeatYamlResolver.resolvePlain(value)).as("tag of %s", value).isEqualTo(expected);
            }
            floats += isFloat ? 1 : 0;
            ints += isInt ? 1 : 0;
        }
        assertThat(floats).isGreaterThan(1000);
        assertThat(ints).isGreaterThan(1000);
    }

    @Test
    void knownForms() {
        for (String value : new String[] {"0", "-0", "+7", "0755", "0b101", "0x1F", "1_000", "1:30", "190:20:30"}) {
            assertThat(HeatYamlResolver.resolvePlain(value)).as(value).isEqualTo(Tag.INT);
        }
        for (String value : new String[] {"0.5", ".5", "1.", "1.5e+3", "-1.5E-3", "1:30.5", ".inf", "-.Inf", ".NaN"}) {
            assertThat(HeatYamlResolver.resolvePlain(value)).as(value).isEqualTo(Tag.FLOAT);
        }
        for (String value : new String[] {"1e5", "1.5e3", "08", "0o17", "+.5", "-.nan", "1:60", "0x", "1.2.3", "12ab"}) {
            assertThat(HeatYamlResolver.resolvePlain(value)).as(value).isEqualTo(Tag.STR);
        }
        assertThat(HeatYamlResolver.resolvePlain("2018-08-31")).isEqualTo(Tag.TIMESTAMP);
        assertThat(HeatYamlResolver.resolvePlain("")).isEqualTo(Tag.NULL);
        assertThat(HeatYamlResolver.resolvePlain("<<")).isEqualTo(Tag.MERGE);
        assertThat(HeatYamlResolver.resolvePlain("=")).isEqualTo(HeatYamlResolver.VALUE);
    }

    @Test
    void longNumberLikeTextIsResolvedWithoutRecursion() {
        String sexagesimal = "1" + ":1".repeat(200_000);
        assertThat(HeatYamlResolver.resolvePlain(sexagesimal)).isEqualTo(Tag.INT);
        assertThat(HeatYamlResolver.resolvePlain(sexagesimal + ".5")).isEqualTo(Tag.FLOAT);
        assertThat(HeatYamlResolver.resolvePlain(sexagesimal + ":")).isEqualTo(Tag.STR);
        assertThat(HeatYamlResolver.resolvePlain("1".repeat(400_000))).isEqualTo(Tag.INT);
    }
}
