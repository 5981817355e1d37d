package io.hearth.deployment.software;

import io.hearth.platform.rest.ApiException;

/**
 * A change that would make a server's metadata document larger than {@link MetadataLimits#maxBytes()}: the API
 * answers 413 with Heat's {@code RequestLimitExceeded}; the engine fails the resource with the same message.
 */
public final class DocumentTooLarge extends ApiException {

    private static final long serialVersionUID = 1L;

    DocumentTooLarge(String serverId, long size, int limit) {
        super(413, "RequestLimitExceeded", "Request limit exceeded: the metadata document of server " + serverId
                + " would be " + size + " bytes, more than the " + limit + " bytes allowed"
                + " (hearth.server-metadata.max-bytes); remove deployments from the server or make their input"
                + " values smaller");
    }

    /** The UTF-8 size of a string, without encoding it. */
    static long utf8Length(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
