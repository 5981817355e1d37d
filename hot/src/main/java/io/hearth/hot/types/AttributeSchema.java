package io.hearth.hot.types;

/**
 * One attribute of a resource type, as Heat's {@code heat/engine/attributes.py} {@code Schema}
 * holds it.
 *
 * @param description   what the attribute holds
 * @param type          Heat's attribute type ({@code String}, {@code Map}, {@code List},
 *                      {@code Integer}, {@code Boolean}), or null when Heat declares none
 * @param supportStatus supported, deprecated or hidden (a hidden attribute still resolves, it is
 *                      only left out of listings)
 */
public record AttributeSchema(String description, String type, SupportStatus supportStatus) {

    public AttributeSchema {
        if (supportStatus == null) {
            supportStatus = SupportStatus.SUPPORTED;
        }
    }

    public static AttributeSchema of(String description, String type) {
        return new AttributeSchema(description, type, SupportStatus.SUPPORTED);
    }

    public static AttributeSchema of(String description, String type, SupportStatus status) {
        return new AttributeSchema(description, type, status);
    }
}
