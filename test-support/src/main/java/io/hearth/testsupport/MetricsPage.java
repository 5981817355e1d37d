package io.hearth.testsupport;

import static io.restassured.RestAssured.given;

import java.util.Arrays;
import java.util.Optional;

/** The service's {@code /q/metrics} page as Prometheus scrapes it, read line by line. */
public record MetricsPage(String text) {

    /** Scrapes the service under test. */
    public static MetricsPage scrape() {
        return new MetricsPage(given().get("/q/metrics").then().statusCode(200).extract().asString());
    }

    /**
     * The value of the sample {@code sample}, its name and labels as the page writes them (labels in alphabetical
     * order, all of them): {@code hearth_stacks{action="CREATE",status="COMPLETE"}}, or a name alone for the sample
     * with no labels or the first of that name; empty when there is none.
     */
    public Optional<Double> value(String sample) {
        return Arrays.stream(text.split("\n"))
                .filter(line -> line.startsWith(sample) && line.length() > sample.length()
                        && (line.charAt(sample.length()) == ' ' || line.charAt(sample.length()) == '{'))
                .map(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst();
    }

    /** How much the sample {@code sample} ({@link #value}) grew since the page {@code before}; 0 for a missing one. */
    public double increaseSince(MetricsPage before, String sample) {
        return value(sample).orElse(0.0) - before.value(sample).orElse(0.0);
    }

    /** Whether a sample's line starts with {@code prefix} (a name, or a name and its first labels). */
    public boolean has(String prefix) {
        return Arrays.stream(text.split("\n")).anyMatch(line -> line.startsWith(prefix));
    }
}
