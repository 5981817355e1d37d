package io.hearth.platform.testapp;

/** The test application's event. */
public record WidgetCreated(String widgetId, String name) {
    public static final String TYPE = "io.hearth.test.widget-created.v1";
    public static final String TOPIC = "hearth.test.widgets";
}
