package io.hearth.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wrapper started for real: a hook whose file another process still holds open for writing when it is started
 * ("Text file busy", what a fork by another agent thread of the same JVM causes) runs once it is free.
 */
class HookLauncherTests {

    private static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin");

    @TempDir
    Path temp;

    @Test
    void aHookWhoseFileIsStillOpenForWritingRunsOnceItIsClosed() throws Exception {
        Path script = script("echo ran >> \"$PWD/runs\"\necho done\n");
        Path runDir = runDir();

        try (FileOutputStream writer = new FileOutputStream(script.toFile(), true)) {
            new HookLauncher().launch(runDir, "t1", script, temp, ENV);
            Thread.sleep(300);
            assertThat(runDir.resolve(HookLauncher.EXIT)).as("not ended while its file is busy").doesNotExist();
        }

        Path exit = runDir.resolve(HookLauncher.EXIT);
        awaitFile(exit);
        assertThat(Files.readString(exit).trim()).isEqualTo("0");
        assertThat(Files.readString(runDir.resolve(HookLauncher.STDOUT)).trim()).isEqualTo("done");
        assertThat(Files.readAllLines(temp.resolve("runs"))).containsExactly("ran");
    }

    @Test
    void aHookThatRanAndExited126IsNotStartedAgain() throws Exception {
        Path script = script("echo ran >> \"$PWD/runs\"\nexit 126\n");
        Path runDir = runDir();

        new HookLauncher().launch(runDir, "t1", script, temp, ENV);

        Path exit = runDir.resolve(HookLauncher.EXIT);
        awaitFile(exit);
        assertThat(Files.readString(exit).trim()).isEqualTo("126");
        assertThat(Files.readAllLines(temp.resolve("runs"))).containsExactly("ran");
    }

    /** Waits up to 10 s for the wrapper's exit file. */
    private static void awaitFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!Files.exists(file) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private Path script(String body) throws Exception {
        Path script = temp.resolve("hook.sh");
        Files.writeString(script, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    private Path runDir() throws Exception {
        Path runDir = Files.createDirectories(temp.resolve("run"));
        Files.writeString(runDir.resolve(HookLauncher.ITEM), "{}");
        return runDir;
    }
}
