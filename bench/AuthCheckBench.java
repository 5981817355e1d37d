import io.hearth.platform.auth.AuthConfig;
import io.hearth.platform.auth.AuthPolicy;
import io.hearth.platform.auth.Caller;
import io.hearth.platform.auth.KeystoneTokens;
import io.hearth.platform.auth.TenantAuthenticator;
import io.hearth.platform.auth.TokenCache;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The per-request cost of the token check on the hot path, in one thread: what the auth filter does for every
 * {@code /v1/{tenant}} request (the token to a caller, the tenant check, {@link AuthPolicy}, the result's Uni
 * subscribed) with a static token and with a Keystone token already in the cache (a 183-character token, as
 * Keystone's fernet tokens are; its SHA-256 is the cache key). No Keystone and no HTTP: what a cache miss costs is
 * Keystone's answer time.
 * Usage: {@code bench/auth-check [rounds] [requests per round]}; prints the median and best ns per request.
 */
public class AuthCheckBench {

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int perRound = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        String project = "f637dcc5e7464560ad480684da53b3b0";
        String[] path = ("/v1/" + project + "/stacks/web/3030f16a-789a-4388-9834-77743fef4e1f/resources").split("/");

        TenantAuthenticator staticAuth = new TenantAuthenticator(Map.of("hearth-dev-token", Caller.member(project)), null);
        KeystoneTokens keystone = new KeystoneTokens(null, config(), Clock.systemUTC());
        byte[] random = new byte[137];
        new SecureRandom().nextBytes(random);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random).substring(0, 183);
        keystone.cache().put(TokenCache.key(token), new Caller(project, Set.of("member", "reader")),
                Instant.now().plus(Duration.ofHours(1)));
        TenantAuthenticator keystoneAuth = new TenantAuthenticator(Map.of(), keystone);

        System.out.printf("token check per request, %d rounds of %,d requests (one thread)%n", rounds, perRound);
        report("static token", measure(staticAuth, "hearth-dev-token", project, path, rounds, perRound));
        report("Keystone token, cached", measure(keystoneAuth, token, project, path, rounds, perRound));
    }

    private static long[] measure(TenantAuthenticator auth, String token, String project, String[] path, int rounds,
            int perRound) {
        AtomicLong sink = new AtomicLong();
        for (int i = 0; i < 2 * perRound; i++) { // warm-up: let the JIT compile the path
            check(auth, token, project, path, sink);
        }
        long[] nanos = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            long start = System.nanoTime();
            for (int i = 0; i < perRound; i++) {
                check(auth, token, project, path, sink);
            }
            nanos[r] = (System.nanoTime() - start) / perRound;
        }
        if (sink.get() != (long) (2 + rounds) * perRound) {
            throw new IllegalStateException("a check failed");
        }
        return nanos;
    }

    private static void check(TenantAuthenticator auth, String token, String project, String[] path, AtomicLong sink) {
        auth.authenticate(token, null, project).subscribe().with(caller -> {
            AuthPolicy.authorize(caller, "GET", path, null);
            sink.incrementAndGet();
        });
    }

    private static void report(String what, long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        System.out.printf("  %-24s median %,6d ns  best %,6d ns  (%.4f ms)%n", what, sorted[sorted.length / 2],
                sorted[0], sorted[sorted.length / 2] / 1e6);
    }

    private static AuthConfig.Keystone config() {
        return new AuthConfig.Keystone() {
            public Optional<String> url() {
                return Optional.of("http://127.0.0.1:5000/v3");
            }

            public String username() {
                return "hearth";
            }

            public Optional<String> password() {
                return Optional.of("unused");
            }

            public String project() {
                return "service";
            }

            public String userDomain() {
                return "Default";
            }

            public String projectDomain() {
                return "Default";
            }

            public Duration cacheTtl() {
                return Duration.ofHours(1);
            }

            public Duration timeout() {
                return Duration.ofSeconds(5);
            }
        };
    }
}
