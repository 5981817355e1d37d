package io.hearth.platform.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.envelope.CloudEvent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a poll's batch is cut into transactions: at most so many heavy events each, the order kept. */
class BatchPartsTests {

    @Test
    void aBatchIsCutBeforeTheHeavyEventThatWouldExceedTheBoundAndKeepsItsOrder() {
        List<CloudEvent> events = List.of(event("signal", "s1"), event("create", "c1"), event("signal", "s2"),
                event("create", "c2"), event("create", "c3"), event("signal", "s3"));
        List<List<CloudEvent>> parts = EventProcessor.parts(events, "create"::equals, 2);
        assertThat(parts).extracting(part -> part.stream().map(CloudEvent::subject).toList())
                .containsExactly(List.of("s1", "c1", "s2", "c2"), List.of("c3", "s3"));
    }

    @Test
    void aBatchWithinTheBoundIsOnePartAndNoEventsAreNoPart() {
        List<CloudEvent> events = List.of(event("create", "c1"), event("signal", "s1"));
        assertThat(EventProcessor.parts(events, "create"::equals, 5)).containsExactly(events);
        assertThat(EventProcessor.parts(List.of(), "create"::equals, 5)).isEmpty();
    }

    private static CloudEvent event(String type, String subject) {
        return CloudEvent.of("/test", type, subject, Map.of("subject", subject));
    }
}
