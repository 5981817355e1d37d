package io.hearth.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Settings gathered from {@code --name value} arguments (also {@code --name=value}), a key=value file and the
 * environment, in that order of precedence. Names are the long options without dashes ({@code state-dir}).
 */
final class Settings {

    private final Map<String, List<String>> values = new LinkedHashMap<>();

    private Settings() {
    }

    /**
     * Reads the arguments; only {@code known} names are accepted.
     *
     * @throws IllegalArgumentException naming an unknown option or one without a value
     */
    static Settings fromArguments(List<String> args, Set<String> known) {
        Settings settings = new Settings();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String name = arg.startsWith("--") ? arg.substring(2) : null;
            String value = null;
            if (name != null && name.contains("=")) {
                value = name.substring(name.indexOf('=') + 1);
                name = name.substring(0, name.indexOf('='));
            }
            if (name == null || !known.contains(name)) {
                throw new IllegalArgumentException("unknown option " + arg);
            }
            if (value == null) {
                if (++i >= args.size()) {
                    throw new IllegalArgumentException(arg + " needs a value");
                }
                value = args.get(i);
            }
            settings.values.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return settings;
    }

    /**
     * Adds what a key=value file sets and the arguments did not. Keys are option names, with '_' or '-'
     * ({@code metadata_url}) or the environment variable's name ({@code HEARTH_METADATA_URL}).
     *
     * @param aliases environment variable name (lower case) to option name
     */
    Settings withFile(Path file, Set<String> known, Map<String, String> aliases) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the config file " + file + ": " + e.getMessage());
        }
        Map<String, List<String>> fromFile = new LinkedHashMap<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(file + " line " + (n + 1) + ": expected key=value");
            }
            String key = line.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            String name = aliases.getOrDefault(key, key.replace('_', '-'));
            if (!known.contains(name)) {
                throw new IllegalArgumentException(file + " line " + (n + 1) + ": unknown key " + key);
            }
            fromFile.computeIfAbsent(name, k -> new ArrayList<>()).add(unquote(line.substring(eq + 1).strip()));
        }
        fromFile.forEach(values::putIfAbsent);
        return this;
    }

    /** Adds {@code name} from the environment variable {@code variable} if nothing set it yet. */
    Settings withEnv(Map<String, String> env, String variable, String name) {
        String value = env.get(variable);
        if (value != null && !value.isBlank() && !values.containsKey(name)) {
            values.put(name, List.of(value));
        }
        return this;
    }

    /** The last value of {@code name}, or {@code fallback}. */
    String get(String name, String fallback) {
        List<String> list = values.get(name);
        return list == null || list.isEmpty() ? fallback : list.get(list.size() - 1);
    }

    /** Every value of {@code name}, each split at ':' or ',' (a list of folders). */
    List<String> list(String name) {
        List<String> all = new ArrayList<>();
        for (String value : values.getOrDefault(name, List.of())) {
            for (String part : value.split("[:,]")) {
                if (!part.isBlank()) {
                    all.add(part.strip());
                }
            }
        }
        return all;
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"")
                || value.startsWith("'") && value.endsWith("'"))) {
            return value.substring(1, value.length() - 1);
        }
        return value;
    }
}
