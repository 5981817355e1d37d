package io.hearth.agent.journal;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * The state of one run, stored as {@code state.json} in its journal folder.
 *
 * @param key          the run
 * @param name         the deployment's config name, for people reading the journal
 * @param hook         the hook: {@code script} (built in) or the path of a hooks-dir executable
 * @param phase        where the run stands
 * @param bootId       the boot id when the hook was launched
 * @param launch       the launch token: the hook's wrapper claims {@code launch-<token>} before it runs the hook
 * @param startedAt    when the run was recorded
 * @param result       the signal body once the hook finished
 * @param signalStatus the HTTP status of the last signal answer, if any
 * @param signalAnswer the body of a refusing answer (abandoned runs)
 * @param updatedAt    when this state was written
 */
public record JournalEntry(RunKey key, String name, String hook, Phase phase, @JsonProperty("boot_id") String bootId,
        String launch, @JsonProperty("started_at") Instant startedAt, ObjectNode result,
        @JsonProperty("signal_status") Integer signalStatus, @JsonProperty("signal_answer") String signalAnswer,
        @JsonProperty("updated_at") Instant updatedAt) {

    /** A run recorded before its hook is launched. */
    public static JournalEntry started(RunKey key, String name, String hook, String bootId, String launch) {
        Instant now = Instant.now();
        return new JournalEntry(key, name, hook, Phase.STARTED, bootId, launch, now, null, null, null, now);
    }

    /** This run, launched again under a new token (its earlier launch provably never ran the hook). */
    public JournalEntry relaunched(String newLaunch, String newBootId) {
        return new JournalEntry(key, name, hook, Phase.STARTED, newBootId, newLaunch, startedAt, null, null, null,
                Instant.now());
    }

    /** This run with its hook's result. */
    public JournalEntry finished(ObjectNode signalBody) {
        return new JournalEntry(key, name, hook, Phase.FINISHED, bootId, launch, startedAt, signalBody, null, null,
                Instant.now());
    }

    /** This run in a final phase, with the signal's answer if there was one. */
    public JournalEntry closed(Phase finalPhase, Integer status, String answer) {
        return new JournalEntry(key, name, hook, finalPhase, bootId, launch, startedAt, result, status, answer,
                Instant.now());
    }
}
