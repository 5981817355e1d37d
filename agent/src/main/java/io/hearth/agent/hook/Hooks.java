package io.hearth.agent.hook;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds the hook of a group: the built-in script hook for {@code script} and {@value Item#UNGROUPED},
 * otherwise the executable named like the group in the first hooks folder that has one (heat-config's
 * layout, so its hooks work unchanged).
 */
public final class Hooks {

    /** The name under which the journal records the built-in script hook. */
    public static final String SCRIPT = "script";

    private final List<Path> dirs;

    /** Hooks looked up in {@code dirs}, in order. */
    public Hooks(List<Path> dirs) {
        this.dirs = List.copyOf(dirs);
    }

    /** The folders searched. */
    public List<Path> dirs() {
        return dirs;
    }

    /** True for the groups the built-in script hook runs. */
    public static boolean isScript(String group) {
        return SCRIPT.equals(group) || Item.UNGROUPED.equals(group);
    }

    /** {@value #SCRIPT}, or the absolute path of the group's executable; empty when there is none. */
    public Optional<String> resolve(String group) {
        if (isScript(group)) {
            return Optional.of(SCRIPT);
        }
        if (group.isBlank() || group.contains("/") || group.startsWith(".") || group.contains("\0")) {
            return Optional.empty();
        }
        for (Path dir : dirs) {
            Path candidate = dir.resolve(group);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toAbsolutePath().toString());
            }
        }
        return Optional.empty();
    }

    /** Why a group has no hook, for deploy_stderr. */
    public String missing(String group) {
        return "no hook for group '" + group + "': no executable named '" + group + "' in " + dirs;
    }
}
