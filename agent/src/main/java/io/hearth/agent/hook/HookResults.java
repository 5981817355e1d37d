package io.hearth.agent.hook;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Signal bodies the agent writes itself. */
public final class HookResults {

    private HookResults() {
    }

    /** A body with stdout, stderr and status code (capped). */
    public static ObjectNode of(String stdout, String stderr, int statusCode) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("deploy_stdout", Tail.of(stdout, Tail.MAX_BYTES));
        body.put("deploy_stderr", Tail.of(stderr, Tail.MAX_BYTES));
        body.put("deploy_status_code", statusCode);
        return body;
    }

    /** A FAILED result: status code {@code statusCode} (1 when it is 0) and the reason first in deploy_stderr. */
    public static ObjectNode failed(String reason, String stdout, String stderr, int statusCode) {
        String err = stderr == null || stderr.isEmpty() ? reason : reason + "\n" + stderr;
        return of(stdout == null ? "" : stdout, err, statusCode == 0 ? 1 : statusCode);
    }
}
