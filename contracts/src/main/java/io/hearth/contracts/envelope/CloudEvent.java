package io.hearth.contracts.envelope;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import io.hearth.contracts.stack.v1.StackEventBatch;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A CloudEvents 1.0 event in structured JSON mode: the envelope of every Hearth message,
 * webhook call and live-stream item.
 *
 * @param specversion     always {@value #SPEC_VERSION}
 * @param id              unique per event; consumers deduplicate on it
 * @param source          the producing service, e.g. {@code /hearth/deployment-service}
 * @param type            {@code io.hearth.<context>.<event>.v1}, see {@link EventCatalog}
 * @param subject         the stack id (the server id for compute desired states and reports and metadata, the driver id for
 *                        a compute driver's heartbeat)
 * @param time            when the event happened
 * @param datacontenttype always {@value #JSON}
 * @param data            the event record as JSON
 * @param extensions      extension attributes, written as top-level attributes beside the others and kept as read
 *                        (an unknown one too): {@value #TRACEPARENT} and {@value #TRACESTATE} of the CloudEvents
 *                        Distributed Tracing extension carry the W3C trace context of the work that wrote the event
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CloudEvent(String specversion, String id, String source, String type, String subject,
        Instant time, String datacontenttype, JsonNode data,
        @JsonAnySetter @JsonAnyGetter @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> extensions) {

    public static final String SPEC_VERSION = "1.0";
    public static final String JSON = "application/json";
    /** The Distributed Tracing extension's W3C {@code traceparent}. */
    public static final String TRACEPARENT = "traceparent";
    /** The Distributed Tracing extension's W3C {@code tracestate}. */
    public static final String TRACESTATE = "tracestate";

    public CloudEvent {
        extensions = extensions == null || extensions.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
    }

    /** An event without extension attributes. */
    public CloudEvent(String specversion, String id, String source, String type, String subject, Instant time,
            String datacontenttype, JsonNode data) {
        this(specversion, id, source, type, subject, time, datacontenttype, data, Map.of());
    }

    /** The value of an extension attribute as text, or null when the event has none of that name. */
    public String extension(String name) {
        Object value = extensions.get(name);
        return value == null ? null : value.toString();
    }

    /** This event with one extension attribute set (removed when {@code value} is null). */
    public CloudEvent withExtension(String name, Object value) {
        Map<String, Object> changed = new LinkedHashMap<>(extensions);
        if (value == null) {
            changed.remove(name);
        } else {
            changed.put(name, value);
        }
        return new CloudEvent(specversion, id, source, type, subject, time, datacontenttype, data, changed);
    }

    /** This event at another time, its other attributes as they are. */
    public CloudEvent withTime(Instant newTime) {
        return new CloudEvent(specversion, id, source, type, subject, newTime, datacontenttype, data, extensions);
    }


    /** A new event with a random id and the current time (millisecond precision). */
    public static CloudEvent of(String source, String type, String subject, Object data) {
        return now(source, type, subject, HearthJson.mapper().valueToTree(data));
    }

    /**
     * A new event for a catalogued record that is only to be written ({@link #toJson}), as into an outbox row: the
     * record is serialized when the envelope is, instead of being made a JSON tree first and the tree written (the
     * same JSON in one pass instead of two). Its {@link #data} holds the record, not fields to read; an event to
     * read is one made by {@link #of} or read from its JSON.
     */
    public static CloudEvent written(String source, String subject, Object data) {
        return now(source, EventCatalog.typeOf(data.getClass()), subject, JsonNodeFactory.instance.pojoNode(data));
    }

    private static CloudEvent now(String source, String type, String subject, JsonNode data) {
        return new CloudEvent(SPEC_VERSION, UUID.randomUUID().toString(), source, type, subject,
                Instant.now().truncatedTo(ChronoUnit.MILLIS), JSON, data);
    }

    /** A new event for a catalogued record, its type taken from {@link EventCatalog}. */
    public static CloudEvent of(String source, String subject, Object data) {
        return of(source, EventCatalog.typeOf(data.getClass()), subject, data);
    }

    /** The data read as the given record. */
    public <T> T dataAs(Class<T> type) {
        try {
            return HearthJson.mapper().treeToValue(data, type);
        } catch (JsonProcessingException e) {
            throw new InvalidEventException("event " + id + " of type " + this.type + " has invalid data: "
                    + e.getOriginalMessage(), e);
        }
    }

    /** The event as structured-mode JSON. */
    public String toJson() {
        return HearthJson.write(this);
    }

    /** Reads a structured-mode event; rejects anything that is not a CloudEvents 1.0 JSON object. */
    public static CloudEvent parse(String json) {
        try {
            return checked(HearthJson.mapper().readValue(json, CloudEvent.class));
        } catch (JsonProcessingException e) {
            throw new InvalidEventException("not a CloudEvents JSON object: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * The events a record carries, read one by one in their order: a {@link StackEventBatch}'s events, or the record's
     * single event.
     */
    public static List<CloudEvent> parseAll(String json) {
        return parse(json).unbatched();
    }

    /** This event's events: a {@link StackEventBatch}'s, in their order, or this event alone. */
    public List<CloudEvent> unbatched() {
        if (!StackEventBatch.TYPE.equals(type)) {
            return List.of(this);
        }
        JsonNode events = data == null ? null : data.get("events");
        if (events == null || !events.isArray()) {
            throw new InvalidEventException("event batch " + id + " has no events array", null);
        }
        List<CloudEvent> unbatched = new ArrayList<>(events.size());
        for (JsonNode event : events) {
            try {
                unbatched.add(checked(HearthJson.mapper().treeToValue(event, CloudEvent.class)));
            } catch (JsonProcessingException e) {
                throw new InvalidEventException("event batch " + id + " holds an invalid event: "
                        + e.getOriginalMessage(), e);
            }
        }
        return unbatched;
    }

    private static CloudEvent checked(CloudEvent event) {
        if (event == null) {
            throw new InvalidEventException("not a CloudEvents JSON object: null", null);
        }
        for (String[] required : new String[][] {{"id", event.id()}, {"source", event.source()},
                {"type", event.type()}, {"specversion", event.specversion()}}) {
            if (required[1] == null || required[1].isBlank()) {
                throw new InvalidEventException("missing CloudEvents attribute " + required[0]
                        + (event.id() == null ? "" : " in event " + event.id()), null);
            }
        }
        if (!SPEC_VERSION.equals(event.specversion())) {
            throw new InvalidEventException("unsupported specversion " + event.specversion() + " in event "
                    + event.id(), null);
        }
        return event;
    }
}
