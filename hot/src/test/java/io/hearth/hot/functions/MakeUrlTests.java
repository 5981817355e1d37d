package io.hearth.hot.functions;

import static io.hearth.hot.functions.Hot.eval;
import static io.hearth.hot.functions.Hot.failure;
import static io.hearth.hot.functions.Hot.json;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** make_url, after Heat's tests and urllib.parse's escaping. */
class MakeUrlTests {

    private static String url(String args) {
        return eval("pike", "{\"make_url\": " + args + "}").textValue();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"scheme\": \"http\", \"host\": \"example.com\", \"path\": \"/foo/bar\"}|http://example.com/foo/bar",
        "{\"scheme\": \"http\", \"host\": \"::1\", \"path\": \"/foo/bar\"}|http://[::1]/foo/bar",
        "{\"scheme\": \"http\", \"host\": \"[::1]\", \"path\": \"/foo/bar\"}|http://[::1]/foo/bar",
        "{\"scheme\": \"https\", \"host\": \"example.com\", \"port\": \"80\", \"path\": \"/foo/bar\"}|https://example.com:80/foo/bar",
        "{\"scheme\": \"https\", \"host\": \"example.com\", \"port\": 80, \"path\": \"/foo/bar\"}|https://example.com:80/foo/bar",
        "{\"scheme\": \"http\", \"username\": \"wibble\", \"host\": \"example.com\", \"path\": \"/foo/bar\"}|http://wibble@example.com/foo/bar",
        "{\"scheme\": \"http\", \"username\": \"wibble\", \"password\": \"blarg\", \"host\": \"example.com\", \"path\": \"/foo/bar\"}|http://wibble:blarg@example.com/foo/bar",
        "{\"scheme\": \"http\", \"username\": \"us er\", \"password\": \"p@ss:w/rd\", \"host\": \"h\"}|http://us%20er:p%40ss%3Aw%2Frd@h",
        "{\"scheme\": \"http\", \"host\": \"example.com\", \"path\": \"foo/bar\", \"fragment\": \"baz\"}|http://example.com/foo/bar#baz",
        "{\"scheme\": \"http\", \"host\": \"h\", \"path\": \"/a b/ü\", \"fragment\": \"frag ment/x\"}|http://h/a%20b/%C3%BC#frag%20ment/x",
        "{\"scheme\": \"file\", \"path\": \"foo/bar\"}|file:///foo/bar",
        "{\"scheme\": \"file\", \"path\": \"/foo/bar\"}|file:///foo/bar",
        "{\"scheme\": \"https\", \"host\": \"h\"}|https://h",
        "{\"host\": \"h\", \"path\": \"p\", \"query\": {\"q\": 1}}|//h/p?q=1",
        "{\"scheme\": \"mailto\", \"path\": \"x@y\"}|mailto:x%40y",
    })
    void makeUrlBuildsAnEscapedUrl(String args, String expected) {
        assertThat(url(args)).isEqualTo(expected);
    }

    @Test
    void queryIsFormEncodedInOrderWithSlashesKept() {
        assertThat(url("""
                {"scheme": "http", "host": "example.com", "path": "/foo/?bar",
                 "query": {"foo#": "bar & baz", "blarg": "/wib=ble/", "n": 5, "t": true}}"""))
                .isEqualTo("http://example.com/foo/%3Fbar?foo%23=bar+%26+baz&blarg=/wib%3Dble/&n=5&t=True");
    }

    @Test
    void makeUrlErrors() {
        assertThat(failure("pike", "{\"make_url\": \"http://example.com/foo/bar\"}").heatMessage())
                .isEqualTo("The arguments to \"make_url\" must be a map");
        assertThat(failure("pike", "{\"make_url\": {\"scheme\": \"http\", \"host\": \"example.com\", \"foo\": \"bar\"}}")
                .heatMessage()).isEqualTo("Invalid arguments to \"make_url\": foo");
        assertThat(failure("pike", "{\"make_url\": {\"host\": \"h\", \"port\": 100000}}").heatMessage())
                .isEqualTo("Invalid URL port 100000, must be in range 1-65535");
        assertThat(failure("pike", "{\"make_url\": {\"host\": \"h\", \"port\": \"0\"}}").heatMessage())
                .isEqualTo("Invalid URL port 0, must be in range 1-65535");
        assertThat(failure("pike", """
                {"make_url": {"scheme": "https", "host": "example.com", "port": "1.1", "path": "/foo/bar"}}""").heatMessage())
                .isEqualTo("Invalid URL port \"1.1\" for make_url called with "
                        + "{'scheme': 'https', 'host': 'example.com', 'port': '1.1', 'path': '/foo/bar'}");
        assertThat(failure("pike", "{\"make_url\": {\"scheme\": \"http:\", \"host\": \"h\"}}").heatMessage())
                .isEqualTo("URL \"scheme\" should not contain ':'");
        assertThat(failure("pike", "{\"make_url\": {\"host\": 5}}").heatMessage())
                .isEqualTo("The \"host\" argument to \"make_url\" must be a string");
        assertThat(failure("pike", "{\"make_url\": {\"host\": \"h\", \"query\": [\"a\"]}}").heatMessage())
                .isEqualTo("The \"query\" argument to \"make_url\" must be a map");
    }

    @Test
    void aHostFromAnAttributeWaitsForIt() {
        EvaluationContext plan = EvaluationContext.builder(HotVersion.of("pike")).build();
        var planned = HotFunctions.evaluate(json("""
                {"make_url": {"scheme": "https", "host": {"get_attr": ["lb", "vip"]}, "port": 8443, "path": "/v1"}}"""), plan);
        assertThat(HotFunctions.isResolved(planned)).isFalse();
        var done = HotFunctions.evaluate(planned, plan.withResolver(new Hot.Resources().attribute("lb", "vip", "\"fd00::10\"")));
        assertThat(done).isEqualTo(json("\"https://[fd00::10]:8443/v1\""));
    }
}
