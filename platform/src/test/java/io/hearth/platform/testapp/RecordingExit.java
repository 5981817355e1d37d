package io.hearth.platform.testapp;

import io.hearth.platform.health.ProcessExit;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Replaces the process exit in the test application: records each request instead of ending the JVM. */
@ApplicationScoped
public class RecordingExit extends ProcessExit {

    private final List<String> requests = new CopyOnWriteArrayList<>();

    @Override
    public void exit(int status, String reason) {
        requests.add(status + " " + reason);
    }

    /** Every exit requested so far: status, a space, the reason. */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    public void clear() {
        requests.clear();
    }
}
