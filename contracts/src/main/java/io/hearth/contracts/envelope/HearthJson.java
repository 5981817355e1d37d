package io.hearth.contracts.envelope;

import com.fasterxml.jackson.databind.DeserializationFeature;
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
}
