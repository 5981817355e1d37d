package io.hearth.platform.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** The decision to halt, with a halt that records the status so that the test JVM survives. */
class FatalErrorsTests {

    private final List<Integer> halts = new ArrayList<>();
    private final FatalErrors fatal = new FatalErrors(halts::add);

    @Test
    void virtualMachineErrorsAreFatalAlsoAsTheCauseOfAnotherFailure() {
        assertThat(FatalErrors.isFatal(new OutOfMemoryError("Java heap space"))).isTrue();
        assertThat(FatalErrors.isFatal(new StackOverflowError())).isTrue();
        assertThat(FatalErrors.isFatal(new InternalError("boom"))).isTrue();
        assertThat(FatalErrors.isFatal(new CompletionException(new RuntimeException(new OutOfMemoryError())))).isTrue();
    }

    @Test
    void ordinaryFailuresAndOtherErrorsAreNot() {
        assertThat(FatalErrors.isFatal(new IllegalStateException("refused"))).isFalse();
        assertThat(FatalErrors.isFatal(new UncheckedIOException(new IOException("connection reset")))).isFalse();
        assertThat(FatalErrors.isFatal(new AssertionError("no"))).isFalse();
        assertThat(FatalErrors.isFatal(null)).isFalse();
    }

    @Test
    void aFatalErrorHaltsWithStatus3AndAnyOtherFailureIsLeftToItsCaller() {
        assertThat(fatal.haltIfFatal(new IllegalArgumentException("bad input"), "a test")).isFalse();
        assertThat(halts).isEmpty();

        assertThat(fatal.haltIfFatal(new RuntimeException("wrapped", new OutOfMemoryError("Java heap space")),
                "a test")).isTrue();
        assertThat(halts).containsExactly(3);
    }

    @Test
    void aThreadThatDiesOfAnErrorHaltsTheProcessAndAnUncaughtExceptionGoesToThePreviousHandler() {
        List<Throwable> previous = new ArrayList<>();
        Thread.UncaughtExceptionHandler handler = fatal.uncaughtHandler((thread, error) -> previous.add(error));
        Thread thread = new Thread(() -> { }, "smallrye-kafka-consumer-thread-0");

        RuntimeException exception = new IllegalStateException("a task failed");
        handler.uncaughtException(thread, exception);
        assertThat(previous).containsExactly(exception);
        assertThat(halts).isEmpty();

        handler.uncaughtException(thread, new NoClassDefFoundError("io/hearth/Gone"));
        handler.uncaughtException(thread, new OutOfMemoryError("Java heap space"));
        assertThat(halts).containsExactly(3, 3);
        assertThat(previous).hasSize(1);
    }
}
