package io.hearth.template.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.platform.rest.ApiException;
import io.hearth.template.config.AdoptionConfig;
import io.hearth.template.rest.dto.CreateStackRequest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code hearth.stacks.enable-abandon} and {@code enable-adopt} set to false give Heat's refusals of a feature its
 * configuration leaves off (400 {@code NotSupported}), before anything is read or stored.
 */
class AdoptionSwitchTests {

    private static final AdoptionConfig OFF = new AdoptionConfig() {
        @Override
        public boolean enableAbandon() {
            return false;
        }

        @Override
        public boolean enableAdopt() {
            return false;
        }

        @Override
        public Duration adoptWithin() {
            return Duration.ofDays(1);
        }
    };

    @Test
    void abandonSwitchedOffIsHeatsNotSupported() {
        StackAbandonService abandons = new StackAbandonService(null, null, null, null, OFF);

        assertThatThrownBy(() -> abandons.abandon("demo", "app", "id", Map.of())).isInstanceOfSatisfying(
                ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.type()).isEqualTo("NotSupported");
                    assertThat(e.getMessage()).isEqualTo("Stack Abandon is not supported.");
                });
    }

    @Test
    void adoptSwitchedOffIsHeatsNotSupported() {
        StackAdoptService adoptions = new StackAdoptService(null, null, null, null, OFF);
        CreateStackRequest request = new CreateStackRequest("app", null, null, null, null, null, null, null, null,
                com.fasterxml.jackson.databind.node.TextNode.valueOf("{}"));

        assertThatThrownBy(() -> adoptions.adopt("demo", request)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.type()).isEqualTo("NotSupported");
            assertThat(e.getMessage()).isEqualTo("Stack Adopt is not supported.");
        });
    }
}
