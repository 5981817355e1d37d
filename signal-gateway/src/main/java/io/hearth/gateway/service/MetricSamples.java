package io.hearth.gateway.service;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.metric.v1.MetricReported;
import io.hearth.contracts.metric.v1.MetricReported.Sample;
import io.hearth.gateway.config.GatewayConfig;
import io.hearth.gateway.messaging.SignalPublisher;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Metric pushes on a metric URL: one sample {@code {"name", "value", "timestamp"?, "unit"?}} or a list of them,
 * checked whole before anything is published (one bad sample refuses the push), then published as one
 * {@code MetricReported} on {@code hearth.metrics}, keyed by the stack tree the URL names.
 */
@ApplicationScoped
public class MetricSamples {

    /** The longest metric name and unit. */
    static final int MAX_NAME = 255;
    private static final Set<String> KEYS = Set.of("name", "value", "timestamp", "unit");

    private final SignalPublisher publisher;
    private final GatewayConfig.Metrics config;

    public MetricSamples(SignalPublisher publisher, GatewayConfig config) {
        this.publisher = publisher;
        this.config = config.metrics();
    }

    /** Checks and publishes a push; 400 naming the first bad sample (by index) and what is wrong with it. */
    public Uni<MetricReported> push(String rootStackId, String stackId, String groupName, JsonNode body) {
        List<JsonNode> items = new ArrayList<>();
        if (body == null || body.isMissingNode() || body.isNull()) {
            throw invalid("the body must be a sample {\"name\", \"value\"} or a list of samples");
        } else if (body.isArray()) {
            body.forEach(items::add);
        } else if (body.isObject()) {
            items.add(body);
        } else {
            throw invalid("the body must be a sample {\"name\", \"value\"} or a list of samples, not "
                    + body.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
        }
        if (items.isEmpty()) {
            throw invalid("the list of samples is empty");
        }
        if (items.size() > config.maxSamples()) {
            throw invalid("a push carries at most " + config.maxSamples() + " samples, got " + items.size());
        }
        Instant now = Instant.now();
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            samples.add(sample(items.get(i), body.isArray() ? "sample " + i + ": " : "", now));
        }
        MetricReported event = new MetricReported(stackId, rootStackId, groupName, samples, now);
        return publisher.metrics(rootStackId, stackId, event).replaceWith(event);
    }

    private Sample sample(JsonNode item, String at, Instant now) {
        if (!item.isObject()) {
            throw invalid(at + "a sample must be an object {\"name\", \"value\"}");
        }
        List<String> unknown = new ArrayList<>();
        item.fieldNames().forEachRemaining(key -> {
            if (!KEYS.contains(key)) {
                unknown.add(key);
            }
        });
        if (!unknown.isEmpty()) {
            throw invalid(at + "a sample has only name, value, timestamp and unit, not " + String.join(", ", unknown));
        }
        String name = text(item, "name", at, true);
        JsonNode value = item.get("value");
        if (value == null || !value.isNumber() || !Sample.bounded(value.asDouble())) {
            throw invalid(at + "value must be a finite number between -1e15 and 1e15"
                    + (value != null && value.isNumber() ? ", not " + value.asText() : ""));
        }
        String unit = text(item, "unit", at, false);
        Instant timestamp = now;
        String given = text(item, "timestamp", at, false);
        if (given != null) {
            try {
                timestamp = Instant.parse(given);
            } catch (DateTimeParseException e) {
                throw invalid(at + "timestamp must be an ISO-8601 instant such as 2026-11-22T10:00:00Z, got " + given);
            }
            if (timestamp.isBefore(now.minus(config.maxAge())) || timestamp.isAfter(now.plus(config.maxSkew()))) {
                throw invalid(at + "timestamp " + given + " is more than " + config.maxAge().toSeconds()
                        + " s in the past or " + config.maxSkew().toSeconds() + " s in the future");
            }
        }
        return new Sample(name, value.asDouble(), timestamp, unit);
    }

    private static String text(JsonNode item, String key, String at, boolean required) {
        JsonNode node = item.get(key);
        if (node == null || node.isNull()) {
            if (required) {
                throw invalid(at + key + " is required");
            }
            return null;
        }
        if (!node.isTextual() || node.textValue().isEmpty() || node.textValue().length() > MAX_NAME
                || node.textValue().indexOf('\u0000') >= 0) {
            throw invalid(at + key + " must be a non-empty string of at most " + MAX_NAME + " characters");
        }
        return node.textValue();
    }

    private static ApiException invalid(String message) {
        return ApiException.badRequest("InvalidMetric", "Invalid metric push: " + message);
    }
}
