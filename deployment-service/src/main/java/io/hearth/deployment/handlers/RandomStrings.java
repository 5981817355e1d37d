package io.hearth.deployment.handlers;

import io.hearth.deployment.spi.ResourceException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Heat's {@code heat.common.password_gen.generate_password}: at least {@code min} characters from each
 * character class, the rest drawn from the union of all classes, shuffled; with a cryptographic RNG.
 */
public final class RandomStrings {

    /** {@code password_gen._char_class_members}, by class name. */
    public static final Map<String, String> CLASSES = Map.of(
            "lettersdigits", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
            "letters", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "lowercase", "abcdefghijklmnopqrstuvwxyz",
            "uppercase", "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "digits", "0123456789",
            "hexdigits", "0123456789ABCDEF",
            "octdigits", "01234567");

    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * A set of allowed characters and how many of them the result holds at least.
     *
     * @param allowed  the characters (a string; duplicates count once)
     * @param minCount the minimum number of them in the result
     */
    public record CharClass(String allowed, int minCount) {

        /** A named class ({@link #CLASSES}). */
        public static CharClass named(String name, int minCount) {
            String members = CLASSES.get(name);
            if (members == null) {
                throw new IllegalArgumentException("unknown character class " + name);
            }
            return new CharClass(members, minCount);
        }
    }

    private RandomStrings() {
    }

    /** A random string of {@code length} characters from {@code classes}, with a cryptographic RNG. */
    public static String generate(int length, List<CharClass> classes) {
        return generate(length, classes, RANDOM);
    }

    /**
     * {@code generate_password(length, char_classes)} with the given RNG.
     *
     * @throws ResourceException when there is no character to choose from (Python's IndexError)
     */
    static String generate(int length, List<CharClass> classes, Random random) {
        List<Integer> chosen = new ArrayList<>();
        Set<Integer> all = new LinkedHashSet<>();
        for (CharClass c : classes) {
            List<Integer> allowed = distinct(c.allowed());
            all.addAll(allowed);
            for (int i = 0; i < c.minCount(); i++) {
                chosen.add(choice(allowed, random));
            }
        }
        List<Integer> combined = new ArrayList<>(all);
        while (chosen.size() < length) {
            chosen.add(choice(combined, random));
        }
        Collections.shuffle(chosen, random);
        StringBuilder out = new StringBuilder();
        chosen.subList(0, length).forEach(out::appendCodePoint);
        return out.toString();
    }

    private static List<Integer> distinct(String chars) {
        Set<Integer> set = new LinkedHashSet<>();
        chars.codePoints().forEach(set::add);
        return new ArrayList<>(set);
    }

    private static int choice(List<Integer> from, Random random) {
        if (from.isEmpty()) {
            throw new ResourceException("IndexError", "Cannot choose from an empty sequence");
        }
        return from.get(random.nextInt(from.size()));
    }
}
