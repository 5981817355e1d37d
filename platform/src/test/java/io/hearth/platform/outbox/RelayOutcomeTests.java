package io.hearth.platform.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.junit.jupiter.api.Test;

class RelayOutcomeTests {

    @Test
    void onlyWhatNoRetryFixesIsPermanent() {
        assertThat(RelayOutcome.permanent(new RecordTooLargeException("too large"))).isNotNull();
        assertThat(RelayOutcome.permanent(new KafkaException("wrapped", new SerializationException("bad"))))
                .isInstanceOf(SerializationException.class);
        assertThat(RelayOutcome.permanent(new TimeoutException("expired"))).isNull();
        assertThat(RelayOutcome.permanent(new NotEnoughReplicasException("later"))).isNull();
        assertThat(RelayOutcome.permanent(new TopicAuthorizationException("denied"))).isNull();
        assertThat(RelayOutcome.permanent(new IllegalStateException("unknown"))).isNull();
    }

    @Test
    void aRefusedRowIsSetAsideAndARetriableOneHoldsBackTheLaterRowsOfItsKeyOnly() {
        OutboxEvent a1 = row("t", "a");
        OutboxEvent big = row("t", "a");
        OutboxEvent a2 = row("t", "a");
        OutboxEvent b1 = row("t", "b");
        OutboxEvent b2 = row("t", "b");
        OutboxEvent otherTopic = row("u", "b");
        OutboxEvent deferred = row("t", "c");
        TimeoutException timeout = new TimeoutException("expired");

        RelayOutcome outcome = RelayOutcome.of(List.of(a1, big, a2, b1, b2, otherTopic),
                Arrays.asList(null, new RecordTooLargeException("too large"), null, timeout, null, null),
                List.of(deferred));

        assertThat(outcome.claimed()).isEqualTo(7);
        assertThat(outcome.published()).containsExactly(a1, a2, otherTopic);
        assertThat(outcome.deadLettered()).extracting(RelayOutcome.DeadLetter::row).containsExactly(big);
        assertThat(outcome.deadLettered().get(0).reason())
                .isEqualTo("org.apache.kafka.common.errors.RecordTooLargeException: too large");
        assertThat(outcome.heldBack()).containsExactly(b1, b2);
        assertThat(outcome.retryCause()).isSameAs(timeout);
        assertThat(outcome.putBack()).containsExactly(b1, b2, deferred);
    }

    private static OutboxEvent row(String topic, String key) {
        OutboxEvent row = new OutboxEvent();
        row.id = UUID.randomUUID();
        row.topic = topic;
        row.aggregateid = key;
        return row;
    }
}
