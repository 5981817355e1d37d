package io.hearth.notifier.webhook;

import io.hearth.notifier.config.WebhookTargetsConfig;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one rule for where a webhook or an alarm action may be POSTed: an absolute {@code http} or {@code https} URL
 * (a DNS name or an IP literal as host, a port in 1-65535, no user information, at most {@value #URL_CHARS}
 * characters) whose host resolves only to public addresses: none loopback, link-local, private (RFC 1918, ULA),
 * unspecified, shared (CGNAT), multicast, reserved or documentation, nor one of this host's own, nor an IPv4-mapped,
 * IPv4-compatible or NAT64 form of those. The operator's {@code hearth.webhooks.allowed-targets} opens chosen ones.
 * It is checked when a subscription is made and again before each try, and the try connects to the address that
 * was checked, so a DNS answer that changes in between cannot redirect it.
 */
@ApplicationScoped
public class WebhookTargets {

    /** The longest URL kept. */
    public static final int URL_CHARS = 2048;

    /** Addresses no receiver may have unless allowed: special-purpose blocks (RFC 6890 and its IPv6 peers). */
    static final List<AddressRange> INTERNAL = List.of("0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8",
            "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16",
            "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4", "::/128", "::1/128",
            "100::/64", "2001:db8::/32", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8").stream()
            .map(AddressRange::parse).toList();
    /** IPv6 blocks that carry an IPv4 address in their last 4 bytes: IPv4-compatible, IPv4-mapped, NAT64. */
    private static final List<AddressRange> EMBEDDING = List.of("::/96", "::ffff:0:0/96", "64:ff9b::/96").stream()
            .map(AddressRange::parse).toList();
    /** A DNS name: labels of letters, digits and hyphens, the last one not all digits (so no numeric IPv4 form). */
    private static final Pattern NAME = Pattern.compile(
            "(?i)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)*[a-z0-9-]*[a-z-][a-z0-9-]*\\.?");

    private final List<AddressRange> allowedRanges = new ArrayList<>();
    private final List<String> allowedHostPorts = new ArrayList<>();
    private final List<byte[]> own;
    private final String signals;

    /**
     * @param config     the operator's allow-list
     * @param signalBase signal-gateway's base URL as agents reach it ({@code hearth.signal.base-url}, as
     *                   deployment-service writes a ScalingPolicy's {@code alarm_url} with it)
     */
    public WebhookTargets(WebhookTargetsConfig config,
            @ConfigProperty(name = "hearth.signal.base-url", defaultValue = "http://127.0.0.1:8006") String signalBase) {
        for (String entry : config.allowedTargets().orElse(List.of())) {
            allow(entry.strip());
        }
        this.own = ownAddresses();
        this.signals = signalBase.replaceAll("/+$", "") + "/v1/signal/";
    }

    /** A receiver's URL checked for its form alone; {@link ReceiverRefused} says what is wrong. */
    public static URI checkedUrl(String url) {
        if (url == null || url.isBlank()) {
            throw new ReceiverRefused("url must be specified");
        }
        if (url.length() > URL_CHARS) {
            throw new ReceiverRefused("Invalid url: must be at most " + URL_CHARS + " characters, not " + url.length());
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw refused(url, e.getMessage());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw refused(url, "must be an absolute http or https URL, not "
                    + (uri.getScheme() == null ? "a relative one" : "scheme '" + uri.getScheme() + "'"));
        }
        if (uri.getRawUserInfo() != null || (uri.getRawAuthority() != null && uri.getRawAuthority().contains("@"))) {
            throw refused(url, "must not carry user information; the signature authenticates deliveries");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw refused(url, "names no host, or a host that is not a DNS name or an IP address");
        }
        if (AddressRange.literal(host) == null && !NAME.matcher(host).matches()) {
            throw refused(url, "host '" + host + "' is not a DNS name, a dotted IPv4 address or a bracketed IPv6"
                    + " address");
        }
        if (uri.getPort() != -1 && (uri.getPort() < 1 || uri.getPort() > 65535)) {
            throw refused(url, "port " + uri.getPort() + " is outside 1-65535");
        }
        if (uri.getPort() == -1 && uri.getRawAuthority().endsWith(":")) {
            throw refused(url, "has an empty port");
        }
        return uri;
    }

    /**
     * Resolves the URL's host (off the event loop) and picks the address to connect to, the first it resolved to;
     * fails with {@link ReceiverRefused} when the URL is malformed, the host does not resolve, or any of its addresses
     * is internal and not allowed.
     */
    public Uni<InetSocketAddress> resolve(String url) {
        return resolve(url, false);
    }

    /**
     * As {@link #resolve(String)}; with {@code ownSignals}, a pre-signed URL of the system's own signal-gateway
     * (a ScalingPolicy's {@code alarm_url}, the one internal receiver an alarm action is made for) may be internal.
     */
    public Uni<InetSocketAddress> resolve(String url, boolean ownSignals) {
        URI uri;
        try {
            uri = checkedUrl(url);
        } catch (ReceiverRefused e) {
            return Uni.createFrom().failure(e);
        }
        // Its own signal paths only: no dot segment, encoded or not, that could leave them.
        boolean internalAllowed = ownSignals && url.startsWith(signals)
                && uri.normalize().getRawPath().equals(uri.getRawPath())
                && !url.toLowerCase(Locale.ROOT).contains("%2e") && !url.contains("\\");
        return Uni.createFrom().item(() -> check(uri, internalAllowed))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private InetSocketAddress check(URI uri, boolean internalAllowed) {
        String host = uri.getHost();
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        int port = uri.getPort() != -1 ? uri.getPort() : uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(bare);
        } catch (UnknownHostException e) {
            throw new ReceiverRefused("Invalid url '" + uri + "': host '" + bare + "' could not be resolved");
        }
        for (InetAddress address : addresses) {
            String internal = internal(address.getAddress());
            if (internal != null && !internalAllowed && !allowed(bare, address.getAddress(), port)) {
                throw new ReceiverRefused("Invalid url '" + uri + "': host '" + bare + "' resolves to "
                        + address.getHostAddress() + ", " + internal + "; webhooks and alarm actions go to public"
                        + " receivers only, unless the operator allows the target (hearth.webhooks.allowed-targets)");
            }
        }
        return new InetSocketAddress(addresses[0], port);
    }

    /** Why an address is internal (a phrase), or null for a public one. */
    String internal(byte[] address) {
        for (AddressRange embedding : EMBEDDING) {
            if (embedding.contains(address)) {
                String inner = internal(Arrays.copyOfRange(address, 12, 16));
                if (inner != null) {
                    return "an IPv6 form of " + inner;
                }
            }
        }
        for (AddressRange range : INTERNAL) {
            if (range.contains(address)) {
                return "an internal address (" + text(range) + ")";
            }
        }
        for (byte[] mine : own) {
            if (Arrays.equals(mine, address)) {
                return "one of the system's own addresses";
            }
        }
        return null;
    }

    private boolean allowed(String host, byte[] address, int port) {
        for (AddressRange range : allowedRanges) {
            if (range.contains(address)) {
                return true;
            }
        }
        String hostPort = host.toLowerCase(Locale.ROOT) + ":" + port;
        String addressPort = text(new AddressRange(address, address.length * 8)) + ":" + port;
        return allowedHostPorts.contains(hostPort) || allowedHostPorts.contains(addressPort);
    }

    private void allow(String entry) {
        if (entry.isEmpty()) {
            return;
        }
        int colon = entry.lastIndexOf(':');
        boolean hostPort = entry.startsWith("[") ? entry.contains("]:")
                : colon > 0 && entry.indexOf(':') == colon && !entry.contains("/");
        if (!hostPort) {
            allowedRanges.add(AddressRange.parse(entry));
            return;
        }
        String host = entry.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(entry.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("hearth.webhooks.allowed-targets: '" + entry
                    + "' is not a CIDR, an address or host:port with a port in 1-65535");
        }
        byte[] literal = AddressRange.literal(host);
        String key = literal == null ? host.toLowerCase(Locale.ROOT) : text(new AddressRange(literal,
                literal.length * 8));
        allowedHostPorts.add(key + ":" + port);
    }

    private static String text(AddressRange range) {
        try {
            String address = InetAddress.getByAddress(range.network()).getHostAddress();
            return range.bits() == range.network().length * 8 ? address : address + "/" + range.bits();
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<byte[]> ownAddresses() {
        List<byte[]> addresses = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                Collections.list(nic.getInetAddresses()).forEach(address -> addresses.add(address.getAddress()));
            }
        } catch (SocketException e) {
            throw new IllegalStateException("the network interfaces could not be listed", e);
        }
        return List.copyOf(addresses);
    }

    private static ReceiverRefused refused(String url, String why) {
        return new ReceiverRefused("Invalid url '" + url + "': " + why);
    }
}
