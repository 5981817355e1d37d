package io.hearth.deployment.handlers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.spi.ResourceException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** RandomString's generation and property defaults, as Heat's password_gen and random_string.py. */
class RandomStringsTests {

    private final RandomStringHandler handler = new RandomStringHandler();

    @RepeatedTest(20)
    void honoursLengthClassesSequencesAndTheirMinimums() {
        String value = RandomStrings.generate(16, List.of(
                new RandomStrings.CharClass("!@#", 3),
                RandomStrings.CharClass.named("digits", 4),
                RandomStrings.CharClass.named("lowercase", 1)));

        assertThat(value).hasSize(16).matches("[!@#0-9a-z]+");
        assertThat(value.chars().filter(c -> "!@#".indexOf(c) >= 0).count()).isGreaterThanOrEqualTo(3);
        assertThat(value.chars().filter(Character::isDigit).count()).isGreaterThanOrEqualTo(4);
        assertThat(value.chars().filter(Character::isLowerCase).count()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void eachNamedClassHasPythonsMembers() {
        assertThat(RandomStrings.generate(200, List.of(RandomStrings.CharClass.named("hexdigits", 1))))
                .matches("[0-9A-F]{200}");
        assertThat(RandomStrings.generate(200, List.of(RandomStrings.CharClass.named("octdigits", 1))))
                .matches("[0-7]{200}");
        assertThat(RandomStrings.generate(200, List.of(RandomStrings.CharClass.named("letters", 1))))
                .matches("[a-zA-Z]{200}");
        assertThat(RandomStrings.generate(200, List.of(RandomStrings.CharClass.named("uppercase", 1))))
                .matches("[A-Z]{200}");
    }

    @Test
    void theSameSeedGivesTheSameStringAndTheShuffleMovesTheMinimums() {
        List<RandomStrings.CharClass> classes = List.of(new RandomStrings.CharClass("x", 4),
                RandomStrings.CharClass.named("digits", 1));
        assertThat(RandomStrings.generate(12, classes, new Random(7)))
                .isEqualTo(RandomStrings.generate(12, classes, new Random(7)));
        boolean shuffled = false;
        for (int seed = 0; seed < 20 && !shuffled; seed++) {
            shuffled = !RandomStrings.generate(12, classes, new Random(seed)).startsWith("xxxx");
        }
        assertThat(shuffled).isTrue();
    }

    @Test
    void nothingToChooseFromIsPythonsIndexError() {
        assertThatThrownBy(() -> RandomStrings.generate(4, List.of()))
                .isInstanceOf(ResourceException.class).hasMessage("Cannot choose from an empty sequence");
    }

    @Test
    void defaultsAreThirtyTwoLettersAndDigitsAndTheHiddenSequenceBecomesAClass() {
        assertThat(handler.normalize("pw", null)).isEqualTo(json(
                "{\"length\": 32, \"character_classes\": [{\"class\": \"lettersdigits\", \"min\": 1}]}"));
        assertThat(handler.normalize("pw", json("{\"length\": \"8\", \"sequence\": \"octdigits\"}"))).isEqualTo(json(
                "{\"length\": 8, \"character_classes\": [{\"class\": \"octdigits\", \"min\": 1}]}"));
        assertThat(handler.normalize("pw", json(
                "{\"character_classes\": [{\"class\": \"digits\"}], \"character_sequences\": [{\"sequence\": \"!\"}],"
                        + " \"salt\": \"a\"}")))
                .isEqualTo(json("{\"length\": 32, \"character_classes\": [{\"class\": \"digits\", \"min\": 1}],"
                        + " \"character_sequences\": [{\"sequence\": \"!\", \"min\": 1}], \"salt\": \"a\"}"));
    }

    private static JsonNode json(String text) {
        return HearthJson.readTree(text);
    }
}
