package io.hearth.deployment.databag;

/** An operator's compare-and-set write named a version the bag no longer has (the API answers 409). */
public class DataBagConflict extends RuntimeException {

    public DataBagConflict(long expected, long actual) {
        super("The data bag is at version " + actual + ", not " + expected + ": read it again and retry");
    }
}
