package io.hearth.contracts.expr;

import static io.hearth.contracts.expr.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Python's renderings that Heat's results and messages are made of; expectations printed by Python 3.11. */
class PyTest {

    @Test
    void floatReprIsPythons() {
        assertThat(Py.floatRepr(1e16)).isEqualTo("1e+16");
        assertThat(Py.floatRepr(1.5e-5)).isEqualTo("1.5e-05");
        assertThat(Py.floatRepr(-0.0)).isEqualTo("-0.0");
        assertThat(Py.floatRepr(2.5)).isEqualTo("2.5");
        assertThat(Py.floatRepr(1e-4)).isEqualTo("0.0001");
        assertThat(Py.floatRepr(123456789012345678.0)).isEqualTo("1.2345678901234568e+17");
        assertThat(Py.floatRepr(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(Py.floatRepr(3.0)).isEqualTo("3.0");
    }

    @Test
    void reprIsPythons() {
        assertThat(Py.reprString("it's")).isEqualTo("\"it's\"");
        assertThat(Py.reprString("both ' and \"")).isEqualTo("'both \\' and \"'");
        assertThat(Py.reprString("tab\tnl\n\u0001é")).isEqualTo("'tab\\tnl\\n\\x01é'");
        assertThat(Py.repr(json("[{\"a\": null, \"b\": [true, 1.0]}]"))).isEqualTo("[{'a': None, 'b': [True, 1.0]}]");
        assertThat(Py.str(json("\"plain\""))).isEqualTo("plain");
    }

    @Test
    void jsonDumpsIsPythonsWithSortedKeys() {
        assertThat(Py.jsonDumps(json("""
                {"z": [1, 2.5, null, true, false], "a": "é\\n\\"\\\\", "c": 1e20, "m": {"y": 1, "x": {}}}""")))
                .isEqualTo("{\"a\": \"\\u00e9\\n\\\"\\\\\", \"c\": 1e+20, \"m\": {\"x\": {}, \"y\": 1}, "
                        + "\"z\": [1, 2.5, null, true, false]}");
    }

    @Test
    void intParsingIsPythons() {
        assertThat(Py.parseInt(" 1_000 ")).isEqualTo(BigInteger.valueOf(1000));
        assertThat(Py.parseInt("+5")).isEqualTo(BigInteger.valueOf(5));
        assertThat(Py.parseInt("-0")).isEqualTo(BigInteger.ZERO);
        assertThat(Py.parseInt("1__0")).isNull();
        assertThat(Py.parseInt("1.0")).isNull();
        assertThat(Py.parseInt("")).isNull();
        assertThat(Py.parseInt("_1")).isNull();
    }

    @Test
    void equalityIsPythons() {
        assertThat(Py.eq(json("1"), json("1.0"))).isTrue();
        assertThat(Py.eq(json("true"), json("1"))).isTrue();
        assertThat(Py.eq(json("\"1\""), json("1"))).isFalse();
        assertThat(Py.eq(json("{\"a\": [1, {\"b\": null}]}"), json("{\"a\": [1.0, {\"b\": null}]}"))).isTrue();
        assertThat(Py.eq(json("null"), json("false"))).isFalse();
    }
}
