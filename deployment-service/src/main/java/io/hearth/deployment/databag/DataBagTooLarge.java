package io.hearth.deployment.databag;

/** Facts that would make the bag larger than {@code hearth.deployment.data-bag-max-bytes} (nothing is written). */
public class DataBagTooLarge extends RuntimeException {

    public DataBagTooLarge(long bytes, long max) {
        super("The data bag's facts would take " + bytes + " bytes of JSON, more than the " + max
                + " allowed (hearth.deployment.data-bag-max-bytes)");
    }
}
