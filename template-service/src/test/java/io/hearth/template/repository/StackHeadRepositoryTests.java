package io.hearth.template.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.template.domain.Stack;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A head writes only the columns whose value the batch changed: an outputs event that leaves the status as it was
 * does not write the status back over one the API set since the batch read it.
 */
class StackHeadRepositoryTests {

    private static Stack stack() {
        Stack stack = new Stack();
        stack.id = UUID.randomUUID();
        stack.action = Action.CREATE;
        stack.status = Status.IN_PROGRESS;
        stack.statusReason = "Stack CREATE started";
        stack.statusVersion = 1;
        stack.updatedAt = Instant.parse("2026-11-30T10:00:00Z");
        return stack;
    }

    @Test
    void aHeadAsReadChangesNothing() {
        assertThat(new StackHeadRepository.Head(stack()).changes()).isZero();
    }

    @Test
    void newOutputsChangeTheOutputsAndTheVersionOnly() {
        StackHeadRepository.Head head = new StackHeadRepository.Head(stack());
        head.stack.statusVersion = 2;
        head.stack.outputs = "{\"ip\":\"10.0.0.1\"}";
        assertThat(head.changes()).isEqualTo(8 | 32);
    }

    @Test
    void aStatusSetToTheValueReadIsNotWritten() {
        StackHeadRepository.Head head = new StackHeadRepository.Head(stack());
        head.stack.action = Action.CREATE;
        head.stack.status = Status.COMPLETE;
        head.stack.statusReason = "Stack CREATE completed successfully";
        head.stack.statusVersion = 2;
        assertThat(head.changes()).isEqualTo(2 | 4 | 8);
    }
}
