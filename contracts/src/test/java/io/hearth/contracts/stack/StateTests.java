package io.hearth.contracts.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StateTests {

    @Test
    void actionsAndStatusesAreHeats() {
        assertThat(Arrays.stream(Action.values()).map(Action::name)).containsExactly("INIT", "CREATE", "DELETE",
                "UPDATE", "ROLLBACK", "SUSPEND", "RESUME", "ADOPT", "SNAPSHOT", "CHECK", "RESTORE");
        assertThat(Arrays.stream(Status.values()).map(Status::name)).containsExactly("IN_PROGRESS", "FAILED",
                "COMPLETE");
    }

    @Test
    void combinedStateIsHeats() {
        assertThat(Action.CREATE.with(Status.COMPLETE)).isEqualTo("CREATE_COMPLETE");
        assertThat(Action.DELETE.with(Status.IN_PROGRESS)).isEqualTo("DELETE_IN_PROGRESS");
        assertThat(Action.CHECK.with(Status.FAILED)).isEqualTo("CHECK_FAILED");
    }

    @Test
    void textIsMatchedExactly() {
        assertThat(Action.DELETE.is("DELETE")).isTrue();
        assertThat(Action.DELETE.is("delete")).isFalse();
        assertThat(Action.DELETE.is("SIGNAL")).isFalse();
        assertThat(Action.DELETE.is(null)).isFalse();
        assertThat(Status.COMPLETE.is("COMPLETE")).isTrue();
        assertThat(Status.COMPLETE.is("CREATE_COMPLETE")).isFalse();
        assertThat(Status.FAILED.is(null)).isFalse();
    }

    @Test
    void onlyCompleteAndFailedHaveEnded() {
        assertThat(Status.ended("IN_PROGRESS")).isFalse();
        assertThat(Status.ended("FAILED")).isTrue();
        assertThat(Status.ended("COMPLETE")).isTrue();
        assertThat(Status.ended("CREATE_COMPLETE")).isFalse();
        assertThat(Status.ended(null)).isFalse();
    }
}
