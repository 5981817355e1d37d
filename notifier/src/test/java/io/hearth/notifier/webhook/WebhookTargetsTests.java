package io.hearth.notifier.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Where a webhook or an alarm action may go: the rule alone, with and without the operator's allow-list. */
class WebhookTargetsTests {

    private static final String SIGNALS = "http://127.0.0.1:8006";
    private static final WebhookTargets NONE = new WebhookTargets(Optional::empty, SIGNALS);

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8005/", "http://localhost/hook", "http://0.0.0.0/",
            "http://[::ffff:127.0.0.1]/", "http://[::1]:8007/", "http://[::]/", "http://[::127.0.0.1]/",
            "http://[64:ff9b::7f00:1]/", "http://10.1.2.3/", "http://172.16.0.1/", "http://192.168.1.1/",
            "http://169.254.169.254/latest/meta-data", "http://100.64.0.1/", "http://[fd00::1]/",
            "http://[fe80::1]/", "http://224.0.0.1/", "http://255.255.255.255/", "https://127.1.2.3:5432/"})
    void internalAddressesAreRefused(String url) {
        assertThatThrownBy(() -> resolve(NONE, url)).isInstanceOf(ReceiverRefused.class)
                .hasMessageStartingWith("Invalid url '" + url + "': host ")
                .hasMessageContaining("resolves to").hasMessageContaining("hearth.webhooks.allowed-targets");
    }

    @Test
    void numericAndMalformedFormsAreRefusedForWhatTheyAre() {
        assertThatThrownBy(() -> WebhookTargets.checkedUrl("http://2130706433/")).isInstanceOf(ReceiverRefused.class)
                .hasMessage("Invalid url 'http://2130706433/': host '2130706433' is not a DNS name, a dotted IPv4"
                        + " address or a bracketed IPv6 address");
        assertThatThrownBy(() -> WebhookTargets.checkedUrl("http://127.0.0.1:99999/"))
                .hasMessageContaining("port 99999 is outside 1-65535");
        assertThatThrownBy(() -> WebhookTargets.checkedUrl("http://127.0.0.1:0/"))
                .hasMessageContaining("port 0 is outside 1-65535");
        assertThatThrownBy(() -> WebhookTargets.checkedUrl("ftp://example.com/"))
                .hasMessageContaining("must be an absolute http or https URL, not scheme 'ftp'");
        assertThatThrownBy(() -> WebhookTargets.checkedUrl("/hook")).hasMessageContaining("not a relative one");
        assertThatThrownBy(() -> WebhookTargets.checkedUrl("http://user:pw@example.com/"))
                .hasMessageContaining("must not carry user information");
        assertThatThrownBy(() -> WebhookTargets.checkedUrl("http://exa_mple.com/"))
                .hasMessageContaining("names no host");
        assertThatThrownBy(() -> WebhookTargets.checkedUrl("http://example.com/" + "a".repeat(2048)))
                .hasMessageContaining("must be at most 2048 characters");
        assertThatThrownBy(() -> WebhookTargets.checkedUrl(" ")).hasMessage("url must be specified");
    }

    @Test
    void aPublicAddressIsConnectedToAsResolved() {
        InetSocketAddress address = resolve(NONE, "https://93.184.216.34/hook");
        assertThat(address.getAddress().getHostAddress()).isEqualTo("93.184.216.34");
        assertThat(address.getPort()).isEqualTo(443);
        assertThat(resolve(NONE, "http://[2606:4700::1111]:8080/").getPort()).isEqualTo(8080);
    }

    @Test
    void theAllowListOpensOnlyWhatItNames() {
        WebhookTargets allowed = new WebhookTargets(
                () -> Optional.of(List.of("127.0.0.2/32", "127.0.0.1:9000", " localhost:9100", "[::1]:9200")), SIGNALS);
        assertThat(resolve(allowed, "http://127.0.0.2:1234/").getAddress().getHostAddress()).isEqualTo("127.0.0.2");
        assertThat(resolve(allowed, "http://127.0.0.1:9000/").getPort()).isEqualTo(9000);
        assertThat(resolve(allowed, "http://localhost:9100/").getPort()).isEqualTo(9100);
        assertThat(resolve(allowed, "http://[::1]:9200/").getPort()).isEqualTo(9200);
        assertThatThrownBy(() -> resolve(allowed, "http://127.0.0.1:9001/")).isInstanceOf(ReceiverRefused.class);
        assertThatThrownBy(() -> resolve(allowed, "http://10.0.0.1:9000/")).isInstanceOf(ReceiverRefused.class);
    }

    @Test
    void anAlarmActionMayGoToTheSystemsOwnSignalGatewayOnly() {
        String alarmUrl = SIGNALS + "/v1/signal/stacks/s/resources/policy?expires=1&signature=x";
        assertThat(NONE.resolve(alarmUrl, true).await().atMost(Duration.ofSeconds(10)).getPort()).isEqualTo(8006);
        assertThatThrownBy(() -> resolve(NONE, alarmUrl)).isInstanceOf(ReceiverRefused.class);
        assertThatThrownBy(() -> NONE.resolve(SIGNALS + "/q/metrics", true).await().indefinitely())
                .isInstanceOf(ReceiverRefused.class);
        assertThatThrownBy(() -> NONE.resolve(SIGNALS + "/v1/signal/../../q/metrics", true).await().indefinitely())
                .isInstanceOf(ReceiverRefused.class);
        assertThatThrownBy(() -> NONE.resolve("http://127.0.0.1:8005/v1/signal/x", true).await().indefinitely())
                .isInstanceOf(ReceiverRefused.class);
    }

    @Test
    void aMalformedAllowListEntryStopsTheStart() {
        assertThatThrownBy(() -> new WebhookTargets(() -> Optional.of(List.of("127.0.0.1:99999")), SIGNALS))
                .hasMessageContaining("'127.0.0.1:99999' is not a CIDR, an address or host:port");
        assertThatThrownBy(() -> new WebhookTargets(() -> Optional.of(List.of("10.0.0.0/33")), SIGNALS))
                .hasMessageContaining("prefix length outside 0-32");
    }

    private static InetSocketAddress resolve(WebhookTargets targets, String url) {
        return targets.resolve(url).await().atMost(Duration.ofSeconds(10));
    }
}
