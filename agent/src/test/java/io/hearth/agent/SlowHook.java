package io.hearth.agent;

import java.nio.file.Path;

/** Shell lines for the tests' slow hooks: they wait for a release file, as a long real hook would run. */
public final class SlowHook {

    private SlowHook() {
    }

    /**
     * Waits until {@code release} exists, or until its folder (the test's temporary folder) is gone: a release written
     * just before JUnit deletes that folder could be missed, and the hook would otherwise outlive the test run.
     */
    public static String waitFor(Path release) {
        return "while [ ! -f '" + release + "' ] && [ -d '" + release.getParent() + "' ]; do sleep 0.1; done\n";
    }
}
