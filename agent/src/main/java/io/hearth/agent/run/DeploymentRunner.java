package io.hearth.agent.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.agent.Log;
import io.hearth.agent.hook.HookLauncher;
import io.hearth.agent.hook.HookResults;
import io.hearth.agent.hook.Hooks;
import io.hearth.agent.hook.Item;
import io.hearth.agent.journal.Journal;
import io.hearth.agent.journal.JournalEntry;
import io.hearth.agent.journal.Phase;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.Optional;
import java.util.UUID;

/**
 * Takes one run of a deployment through the journal: recorded (STARTED) before its hook is launched, the
 * result recorded (FINISHED) when the hook ended, then signalled (SIGNALLED, NOT_SIGNALLED or ABANDONED).
 * A run the journal holds is never launched again; one found half done after a restart is continued.
 */
public final class DeploymentRunner {

    private final ServerContext server;
    private final Journal journal;
    private final Hooks hooks;
    private final SignalClient signals;
    private final HookWatcher watcher;
    private final HookLauncher launcher = new HookLauncher();
    /** The server's metadata, watched for a cancel while a hook runs; null for none. */
    private final MetadataClient metadata;
    /** The wrapper this runner launched for the run in progress, null after a restart. */
    private Process launched;

    /** A runner for one server that does not watch for cancels (tests of the runner alone). */
    public DeploymentRunner(ServerContext server, Journal journal, Hooks hooks, SignalClient signals) {
        this(server, journal, hooks, signals, null);
    }

    /** A runner for one server that watches {@code metadata} for a cancel of the run in progress. */
    public DeploymentRunner(ServerContext server, Journal journal, Hooks hooks, SignalClient signals,
            MetadataClient metadata) {
        this.metadata = metadata;
        this.server = server;
        this.journal = journal;
        this.hooks = hooks;
        this.signals = signals;
        this.watcher = new HookWatcher(server, journal);
    }

    /** Runs a metadata item unless the journal already finished it; continues it if it is half done. */
    public void handle(Item item) throws IOException, InterruptedException {
        Optional<JournalEntry> recorded = journal.read(item.key());
        if (recorded.isPresent() && recorded.get().phase().terminal()) {
            return;
        }
        JournalEntry entry = recorded.isPresent() ? recorded.get() : start(item);
        proceed(entry, item, recorded.isPresent());
    }

    /** Continues a run the journal holds unfinished (after a restart), from its stored item. */
    public void resume(JournalEntry entry) throws IOException, InterruptedException {
        byte[] json = Files.readAllBytes(journal.entryDir(entry.key()).resolve(HookLauncher.ITEM));
        proceed(entry, new Item(HearthJson.mapper().readTree(json)), true);
    }

    private void proceed(JournalEntry entry, Item item, boolean resumed) throws IOException, InterruptedException {
        if (entry.phase() == Phase.STARTED && resumed) {
            Log.info(server.who(), "resuming " + describe(item) + ", recorded " + entry.startedAt());
            if (watcher.neverLaunched(entry)) {
                entry = relaunch(entry, item);
                resumed = false;
            }
        }
        if (entry.phase() == Phase.STARTED) {
            ObjectNode result;
            ProgressReporter progress = new ProgressReporter(journal.entryDir(entry.key()), item, signals,
                    server.who(), resumed);
            try (RunWatch watch = new RunWatch(item, progress, metadata)) {
                result = watcher.await(entry, item, resumed ? null : launched, watch);
            }
            entry = entry.finished(result);
            journal.write(entry);
            Log.info(server.who(), "hook finished: " + describe(item) + " status "
                    + result.path("deploy_status_code").asText());
        }
        launched = null;
        if (entry.phase() == Phase.FINISHED) {
            signal(entry, item);
        }
    }

    private JournalEntry start(Item item) throws IOException {
        journal.writeFile(item.key(), HookLauncher.ITEM, HearthJson.mapper().writeValueAsBytes(item.json()));
        Optional<String> hook = hooks.resolve(item.group());
        JournalEntry entry = JournalEntry.started(item.key(), item.name(), hook.orElse(null), server.bootId(),
                UUID.randomUUID().toString());
        String refused = item.cancelled() ? HookWatcher.CANCELLED + " before it started; it was not run"
                : hook.isEmpty() ? hooks.missing(item.group()) : null;
        if (refused != null) {
            Log.warn(server.who(), describe(item) + ": " + refused);
            JournalEntry failed = entry.finished(HookResults.failed(refused, "", "", 1));
            journal.write(failed);
            return failed;
        }
        journal.write(entry);
        return launch(entry, item);
    }

    /** Launches the hook of a STARTED entry; a launch that fails is recorded FINISHED, saying why. */
    private JournalEntry launch(JournalEntry entry, Item item) throws IOException {
        try {
            HookLaunch prepared = HookLaunch.prepare(item, entry.hook(), server, journal.entryDir(entry.key()));
            launched = launcher.launch(journal.entryDir(entry.key()), entry.launch(), prepared.executable(),
                    prepared.workDir(), prepared.env());
            Log.info(server.who(), "hook started: " + describe(item) + " with " + entry.hook() + ", pid "
                    + launched.pid());
            return entry;
        } catch (IOException e) {
            Files.createDirectories(journal.entryDir(entry.key()).resolve("launch-" + entry.launch()));
            Log.warn(server.who(), describe(item) + ": cannot start its hook: " + e.getMessage());
            JournalEntry failed = entry.finished(HookResults.failed("cannot start hook " + entry.hook() + ": "
                    + e.getMessage(), "", "", 1));
            journal.write(failed);
            return failed;
        }
    }

    /** A launch that provably never ran (its token now claimed by the agent): launch again under a new token. */
    private JournalEntry relaunch(JournalEntry entry, Item item) throws IOException {
        JournalEntry again = entry.relaunched(UUID.randomUUID().toString(), server.bootId());
        journal.write(again);
        Log.info(server.who(), describe(item) + ": its hook had not started when the agent stopped; starting it");
        return launch(again, item);
    }

    private void signal(JournalEntry entry, Item item) throws IOException, InterruptedException {
        URI target = SignalClient.runUrl(item, entry.key());
        if (target == null) {
            journal.write(entry.closed(Phase.NOT_SIGNALLED, null, null));
            Log.info(server.who(), "not signalled (transport " + item.input("deploy_signal_transport") + "): "
                    + entry.key());
            return;
        }
        SignalClient.Answer answer = signals.deliver(SignalClient.verb(item), target,
                HearthJson.mapper().writeValueAsBytes(entry.result()));
        if (answer.accepted()) {
            journal.write(entry.closed(Phase.SIGNALLED, answer.status(), null));
            Log.info(server.who(), "signalled: " + entry.key() + " (HTTP " + answer.status() + ")");
        } else {
            journal.write(entry.closed(Phase.ABANDONED, answer.status(), answer.body()));
            Log.warn(server.who(), "signal refused, abandoned: " + entry.key() + " HTTP " + answer.status() + " "
                    + answer.body());
        }
    }

    private static String describe(Item item) {
        return item.name() + " (" + item.key() + ")";
    }
}
