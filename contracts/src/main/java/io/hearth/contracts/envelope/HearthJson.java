package io.hearth.contracts.envelope;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/** The one Jackson configuration used to write and read Hearth events. */
public final class HearthJson {

    private static final ObjectMapper MAPPER = configure(new ObjectMapper());

    private HearthJson() {
    }

    /** Applies Hearth's settings: ISO-8601 times, unknown fields ignored (additive changes within v1). */
    public static ObjectMapper configure(ObjectMapper mapper) {
        return mapper.registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE);
    }

    /** A shared, configured mapper; thread-safe for reading and writing. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** A value as JSON text; for values Hearth built itself, so failure is a bug. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getName() + " as JSON", e);
        }
    }

    /** JSON text Hearth stored itself, as a tree; failure is a bug. */
    public static JsonNode readTree(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable: " + e.getOriginalMessage(), e);
        }
    }

    /** JSON text Hearth stored itself, as the given type; failure is a bug. */
    public static <T> T read(String json, TypeReference<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable: " + e.getOriginalMessage(), e);
        }
    }
}
