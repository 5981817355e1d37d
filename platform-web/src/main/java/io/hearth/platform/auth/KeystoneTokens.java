package io.hearth.platform.auth;

import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Validates Keystone v3 tokens as keystonemiddleware does: with Hearth's own service token (password
 * authentication of the service user, renewed a minute before it expires) it asks
 * {@code GET /v3/auth/tokens} with {@code X-Subject-Token}, and keeps each answer in a {@link TokenCache}.
 * A 401 carries {@code WWW-Authenticate: Keystone uri="<url>"}. While Keystone cannot be reached, a token
 * validated before keeps working until it expires; any other gets 503.
 */
public final class KeystoneTokens {

    private static final Logger LOG = Logger.getLogger(KeystoneTokens.class);
    private static final Duration RENEW_BEFORE = Duration.ofMinutes(1);

    /** Hearth's own token and when to renew it. */
    private record ServiceToken(String token, Instant renewAt) {
    }

    /** Keystone's answer. */
    private record Reply(int status, String subjectToken, Buffer body) {
    }

    private final Vertx vertx;
    private final AuthConfig.Keystone config;
    private final String url;
    private final TokenCache cache;
    private final Clock clock;
    private final Map<String, String> challenge;
    private volatile HttpClient client;
    private volatile ServiceToken service;
    private Future<ServiceToken> issuing;

    /**
     * @param vertx  the Vert.x instance whose HTTP client calls Keystone (created at the first call)
     * @param config the service user, cache TTL and timeout; its URL must be set
     */
    public KeystoneTokens(Vertx vertx, AuthConfig.Keystone config, Clock clock) {
        this.vertx = vertx;
        this.config = config;
        this.url = config.url().map(u -> u.endsWith("/") ? u.substring(0, u.length() - 1) : u)
                .orElseThrow(() -> new IllegalStateException(
                        "hearth.auth.mode=keystone needs hearth.auth.keystone.url (HEARTH_AUTH_KEYSTONE_URL)"));
        this.cache = new TokenCache(config.cacheTtl(), clock);
        this.clock = clock;
        this.challenge = Map.of("WWW-Authenticate", "Keystone uri=\"" + url + "\"");
    }

    public TokenCache cache() {
        return cache;
    }

    /** A 401 with Keystone's challenge, as keystonemiddleware answers. */
    public ApiException unauthorized(String message) {
        return new ApiException(401, "Unauthorized", message, challenge);
    }

    /** The caller of a token validated less than the cache TTL ago, null otherwise: the hot path. */
    public Caller fresh(String key) {
        return cache.fresh(key);
    }

    /**
     * Asks Keystone about a token that has no fresh cache entry.
     *
     * @param key the token's {@link TokenCache#key}
     * @return the caller; fails with 401 for a token Keystone does not accept, 503 when it cannot answer
     */
    public Uni<Caller> validate(String token, String key) {
        return Uni.createFrom().completionStage(() -> validate(token, key, true).toCompletionStage());
    }

    private Future<Caller> validate(String token, String key, boolean retry) {
        return serviceToken()
                .compose(service -> call(new RequestOptions().setMethod(HttpMethod.GET)
                        .setAbsoluteURI(url + "/auth/tokens")
                        .putHeader("X-Auth-Token", service.token()).putHeader("X-Subject-Token", token), null)
                        .compose(reply -> {
                            if (reply.status() == 401 && retry) { // our own token was revoked: renew it once
                                forget(service);
                                return validate(token, key, false);
                            }
                            return answer(reply, key);
                        }))
                .recover(failure -> {
                    if (failure instanceof ApiException refusal && refusal.status() != 503) {
                        return Future.failedFuture(refusal);
                    }
                    Caller stale = cache.unexpired(key);
                    if (stale != null) {
                        return Future.succeededFuture(stale);
                    }
                    LOG.warnf("Keystone at %s could not validate a token: %s", url, failure.getMessage());
                    return Future.failedFuture(failure instanceof ApiException ? failure : unavailable());
                });
    }

    private Future<Caller> answer(Reply reply, String key) {
        if (reply.status() == 404 || reply.status() == 401) {
            cache.remove(key);
            return Future.failedFuture(unauthorized("The token is not valid"));
        }
        if (reply.status() != 200 && reply.status() != 201) { // 201: a token just issued (signIn)
            return Future.failedFuture(unavailable());
        }
        JsonObject token = new JsonObject(reply.body()).getJsonObject("token", new JsonObject());
        JsonObject project = token.getJsonObject("project");
        if (project == null || project.getString("id") == null) {
            return Future.failedFuture(unauthorized("The token is not scoped to a project"));
        }
        Set<String> roles = new HashSet<>();
        JsonArray granted = token.getJsonArray("roles", new JsonArray());
        for (int i = 0; i < granted.size(); i++) {
            roles.add(granted.getJsonObject(i).getString("name", "").toLowerCase(java.util.Locale.ROOT));
        }
        Caller caller = new Caller(project.getString("id"), roles);
        cache.put(key, caller, Instant.parse(token.getString("expires_at")));
        return Future.succeededFuture(caller);
    }

    private static ApiException unavailable() {
        return new ApiException(503, "ServiceUnavailable",
                "The identity service (Keystone) could not validate the token; try again later");
    }

    private synchronized void forget(ServiceToken stale) {
        if (service == stale) {
            service = null;
        }
    }

    /** Hearth's own token, issued again a minute before it expires (one request at a time). */
    private synchronized Future<ServiceToken> serviceToken() {
        ServiceToken current = service;
        if (current != null && clock.instant().isBefore(current.renewAt())) {
            return Future.succeededFuture(current);
        }
        if (issuing == null) {
            issuing = issue().andThen(result -> {
                synchronized (this) {
                    issuing = null;
                    if (result.succeeded()) {
                        service = result.result();
                    }
                }
            });
        }
        return issuing;
    }

    private Future<ServiceToken> issue() {
        return passwordAuth(config.username(), config.userDomain(), config.password().orElse(""),
                config.project(), config.projectDomain())
                .compose(reply -> {
                    if (reply.status() != 201 || reply.subjectToken() == null) {
                        LOG.errorf("Keystone at %s refused Hearth's service user %s in project %s: HTTP %d",
                                url, config.username(), config.project(), reply.status());
                        return Future.failedFuture(unavailable());
                    }
                    Instant expires = Instant.parse(new JsonObject(reply.body()).getJsonObject("token")
                            .getString("expires_at"));
                    return Future.succeededFuture(new ServiceToken(reply.subjectToken(), expires.minus(RENEW_BEFORE)));
                });
    }

    /**
     * Signs a person in: a token of Keystone's for a user's name and password, scoped to a project, as
     * {@code openstack token issue} gets one. The token is cached as validated, so its first request needs no
     * second call to Keystone.
     *
     * @return the token and its caller; fails with 401 when Keystone refuses the credentials, 503 when it cannot
     *         answer
     */
    public Uni<SignedIn> signIn(String username, String password, String project, String domain) {
        return Uni.createFrom().completionStage(() -> passwordAuth(username, domain, password, project, domain)
                .compose(reply -> {
                    if (reply.status() == 401 || reply.status() == 404 || reply.status() == 400) {
                        return Future.failedFuture(unauthorized(
                                "Keystone refused the user name, password or project"));
                    }
                    if (reply.status() != 201 || reply.subjectToken() == null) {
                        return Future.failedFuture(unavailable());
                    }
                    String token = reply.subjectToken();
                    return answer(reply, TokenCache.key(token)).map(caller -> new SignedIn(token, caller,
                            Instant.parse(new JsonObject(reply.body()).getJsonObject("token")
                                    .getString("expires_at"))));
                }).toCompletionStage());
    }

    /** A signed-in user's token, its caller and when it expires. */
    public record SignedIn(String token, Caller caller, Instant expiresAt) {
    }

    /** Keystone's password authentication, scoped to a project by name: {@code POST /v3/auth/tokens}. */
    private Future<Reply> passwordAuth(String user, String userDomain, String password, String project,
            String projectDomain) {
        JsonObject auth = new JsonObject().put("auth", new JsonObject()
                .put("identity", new JsonObject().put("methods", new JsonArray().add("password"))
                        .put("password", new JsonObject().put("user", new JsonObject()
                                .put("name", user)
                                .put("domain", new JsonObject().put("name", userDomain))
                                .put("password", password))))
                .put("scope", new JsonObject().put("project", new JsonObject().put("name", project)
                        .put("domain", new JsonObject().put("name", projectDomain)))));
        return call(new RequestOptions().setMethod(HttpMethod.POST).setAbsoluteURI(url + "/auth/tokens")
                .putHeader("Content-Type", "application/json"), auth.toBuffer());
    }

    private Future<Reply> call(RequestOptions request, Buffer body) {
        long timeout = config.timeout().toMillis();
        request.setConnectTimeout(timeout).setIdleTimeout(timeout).putHeader("Accept", "application/json");
        return client().request(request)
                .compose(sent -> body == null ? sent.send() : sent.send(body))
                .compose(response -> response.body().map(
                        read -> new Reply(response.statusCode(), response.getHeader("X-Subject-Token"), read)));
    }

    private HttpClient client() {
        HttpClient current = client;
        if (current == null) {
            synchronized (this) {
                if (client == null) {
                    client = vertx.createHttpClient(new HttpClientOptions().setMaxPoolSize(16));
                }
                current = client;
            }
        }
        return current;
    }
}
