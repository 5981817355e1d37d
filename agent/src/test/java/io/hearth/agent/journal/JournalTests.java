package io.hearth.agent.journal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTests {

    @TempDir
    Path temp;

    @Test
    void aRunGoesThroughItsPhasesInOneFolderAndIsReadBackAfterARestart() throws Exception {
        Journal journal = new Journal(temp.resolve("journal"));
        RunKey key = new RunKey("d-1", "CREATE", 3);
        assertThat(journal.read(key)).isEmpty();

        JournalEntry started = JournalEntry.started(key, "config", "script", "boot-a", "token-1");
        journal.write(started);
        assertThat(new Journal(temp.resolve("journal")).read(key)).contains(started);
        assertThat(journal.unfinished()).containsExactly(started);

        JournalEntry finished = started.finished(JsonNodeFactory.instance.objectNode().put("deploy_status_code", 0));
        journal.write(finished);
        journal.write(finished.closed(Phase.SIGNALLED, 200, null));

        JournalEntry read = new Journal(temp.resolve("journal")).read(key).orElseThrow();
        assertThat(read.phase()).isEqualTo(Phase.SIGNALLED);
        assertThat(read.bootId()).isEqualTo("boot-a");
        assertThat(read.result().path("deploy_status_code").asInt()).isZero();
        assertThat(journal.unfinished()).isEmpty();
        assertThat(journal.entryDir(key)).isEqualTo(temp.resolve("journal/d-1_CREATE_3"));
        try (Stream<Path> files = Files.list(journal.entryDir(key))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly(Journal.STATE);
        }
    }

    @Test
    void unsafeCharactersNeverLeaveTheJournalFolder() {
        assertThat(new RunKey("../../etc", "CREATE/x", 1).dirName()).isEqualTo("-..-..-etc_CREATE-x_1");
        assertThat(new RunKey("abc-123", "UPDATE", 7).dirName()).isEqualTo("abc-123_UPDATE_7");
    }

    @Test
    void aFolderWithoutStateRecordsNothing() throws Exception {
        Journal journal = new Journal(temp);
        Files.createDirectories(temp.resolve("d-2_CREATE_1"));
        assertThat(journal.entries()).isEmpty();
        assertThat(journal.read(new RunKey("d-2", "CREATE", 1))).isEmpty();
    }
}
