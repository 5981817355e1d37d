package io.hearth.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TailTests {

    @TempDir
    Path temp;

    @Test
    void keepsTheNewestBytesAndNeverHalfACharacter() throws Exception {
        assertThat(Tail.of("abcdef", 4)).isEqualTo("cdef");
        assertThat(Tail.of("short", 100)).isEqualTo("short");
        assertThat(Tail.of("xé€z", 4)).isEqualTo("€z"); // é is 2 bytes, € 3: a cut é is dropped whole

        Path file = temp.resolve("out");
        Files.writeString(file, "old-€-new", StandardCharsets.UTF_8);
        assertThat(Tail.of(file, 6)).isEqualTo("-new");
        assertThat(Tail.of(file, 1000)).isEqualTo("old-€-new");
        assertThat(Tail.of(temp.resolve("missing"), 10)).isEmpty();
    }
}
