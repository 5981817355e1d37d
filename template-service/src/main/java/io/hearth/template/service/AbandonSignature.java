package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.template.config.AdoptionConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Signs abandon data so that only what Hearth abandoned can be adopted: the signature (the {@code hearth_signature}
 * of the abandon data, {@code kid=...&expires=...&signature=...}) is an HMAC with the service's signing key
 * ({@code hearth.signing.*}, as the pre-signed URLs) over the tenant, the stack id and a SHA-256 of each resource's
 * Hearth record in canonical JSON (keys sorted at every depth, no spaces). So a forged or edited record, another
 * tenant's data or data of another stack id is refused, while the rest of the data (template, parameters,
 * environment) may be edited before adopting, as Heat allows.
 */
@ApplicationScoped
public class AbandonSignature {

    /** The method the signature is made for: no HTTP method, so no URL signature can stand in for it. */
    static final String METHOD = "ADOPT";

    private final PresignedUrls signer;
    private final AdoptionConfig config;

    public AbandonSignature(PresignedUrls signer, AdoptionConfig config) {
        this.signer = signer;
        this.config = config;
    }

    /** The signature of the records (by resource name) of the tenant's stack. */
    public String sign(String tenant, String stackId, Map<String, JsonNode> records) {
        return signer.sign(METHOD, path(tenant, stackId, records), Instant.now().plus(config.adoptWithin()));
    }

    /** Whether the signature holds for those records of the tenant's stack (and has not expired). */
    public PresignedUrls.Verification verify(String tenant, String stackId, Map<String, JsonNode> records,
            String signature) {
        return signer.verify(METHOD, path(tenant, stackId, records), signature);
    }

    private static String path(String tenant, String stackId, Map<String, JsonNode> records) {
        ObjectNode all = JsonNodeFactory.instance.objectNode();
        records.forEach(all::set);
        return "/v1/" + tenant + "/stacks/" + stackId + "/" + sha256(canonical(all));
    }

    /** The value as JSON with object keys sorted at every depth and no spaces. */
    static String canonical(JsonNode value) {
        return HearthJson.write(sorted(value));
    }

    private static JsonNode sorted(JsonNode value) {
        if (value.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            List<String> names = new ArrayList<>();
            value.fieldNames().forEachRemaining(names::add);
            names.stream().sorted().forEach(name -> out.set(name, sorted(value.get(name))));
            return out;
        }
        if (value.isArray()) {
            var out = JsonNodeFactory.instance.arrayNode();
            value.forEach(item -> out.add(sorted(item)));
            return out;
        }
        return value;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
