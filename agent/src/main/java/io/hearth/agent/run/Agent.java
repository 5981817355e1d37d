package io.hearth.agent.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.agent.Backoff;
import io.hearth.agent.Log;
import io.hearth.agent.hook.Hooks;
import io.hearth.agent.hook.Item;
import io.hearth.agent.journal.Journal;
import io.hearth.agent.journal.JournalEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.util.Optional;

/**
 * One server's agent: first continues what its journal left unfinished (a hook to wait for, a signal to
 * send), then long-polls the metadata and runs each item it has not run yet, in document order, one at a
 * time. Ends when the gateway says the server is gone (404) or the thread is interrupted.
 */
public final class Agent {

    private final ServerContext server;
    private final MetadataClient metadata;
    private final DeploymentRunner runner;
    private final Journal journal;

    /** An agent for {@code server}, talking HTTP through {@code http}. */
    public Agent(ServerContext server, HttpClient http) {
        this.server = server;
        this.journal = new Journal(server.journalDir());
        this.metadata = new MetadataClient(http, server);
        this.runner = new DeploymentRunner(server, journal, new Hooks(server.hooksDirs()),
                new SignalClient(http, server.who()), metadata);
    }

    /**
     * Runs until the server is gone.
     *
     * @return true when the gateway said the server was deleted, false when interrupted
     */
    public boolean run() {
        try {
            resumeUnfinished();
            Long generation = null;
            Backoff backoff = Backoff.standard();
            while (!Thread.currentThread().isInterrupted()) {
                long polled = System.nanoTime();
                Optional<JsonNode> document = metadata.poll(generation);
                if (document.isEmpty()) {
                    continue;
                }
                long seen = document.get().path("generation").asLong(0);
                boolean unchanged = generation != null && seen == generation;
                if (apply(document.get())) {
                    backoff.reset();
                    generation = seen;
                } else {
                    backoff.pause(); // an item failed locally (disk?): poll again without a generation
                    generation = null;
                }
                if (unchanged && System.nanoTime() - polled < 1_000_000_000L) {
                    Thread.sleep(1000); // a gateway that does not hold the poll must not make us spin
                }
            }
            return false;
        } catch (MetadataClient.ServerGone e) {
            Log.info(server.who(), e.getMessage() + "; the agent stops");
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void resumeUnfinished() throws InterruptedException {
        java.util.List<JournalEntry> unfinished;
        try {
            unfinished = journal.unfinished();
        } catch (UncheckedIOException e) {
            Log.warn(server.who(), "cannot read the journal: " + e.getMessage() + "; nothing resumed");
            return;
        }
        for (JournalEntry entry : unfinished) {
            try {
                runner.resume(entry);
            } catch (IOException | UncheckedIOException e) {
                Log.warn(server.who(), "cannot continue " + entry.key() + ": " + e.getMessage());
            }
        }
    }

    /** Runs the document's items in order; false when one could not be handled (it is tried again later). */
    private boolean apply(JsonNode document) throws InterruptedException {
        for (JsonNode json : document.path("deployments")) {
            Item item = new Item(json);
            if (item.id().isBlank()) {
                Log.warn(server.who(), "skipping a metadata item without an id: " + json);
                continue;
            }
            try {
                runner.handle(item);
            } catch (IOException | RuntimeException e) {
                Log.warn(server.who(), "cannot run " + item.key() + ": " + e);
                return false;
            }
        }
        return true;
    }
}
