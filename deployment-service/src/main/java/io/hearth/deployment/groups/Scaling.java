package io.hearth.deployment.groups;

/**
 * Heat's new size of a scaling group ({@code heat/scaling/scalingutil.py}'s {@code calculate_new_capacity}).
 */
public final class Scaling {

    /** {@code change_in_capacity}: add the adjustment. */
    public static final String CHANGE_IN_CAPACITY = "change_in_capacity";
    /** {@code exact_capacity}: the adjustment is the size. */
    public static final String EXACT_CAPACITY = "exact_capacity";
    /** {@code percent_change_in_capacity}: add that percentage of the size. */
    public static final String PERCENT_CHANGE_IN_CAPACITY = "percent_change_in_capacity";

    private Scaling() {
    }

    /**
     * The size after an adjustment, kept within [minimum, maximum]. A percentage change below one member
     * rounds away from zero, a larger one towards zero; {@code min_adjustment_step} then raises its size.
     *
     * @param minAdjustmentStep null or 0 for none; only percentage changes use it
     */
    public static int newCapacity(int current, double adjustment, String adjustmentType, Integer minAdjustmentStep,
            int minimum, int maximum) {
        double capacity;
        if (CHANGE_IN_CAPACITY.equals(adjustmentType) || "ChangeInCapacity".equals(adjustmentType)) {
            capacity = current + adjustment;
        } else if (EXACT_CAPACITY.equals(adjustmentType) || "ExactCapacity".equals(adjustmentType)) {
            capacity = adjustment;
        } else {
            double delta = current * adjustment / 100.0;
            long rounded;
            if (Math.abs(delta) < 1.0) {
                rounded = (long) (delta > 0.0 ? Math.ceil(delta) : Math.floor(delta));
            } else {
                rounded = (long) (delta > 0.0 ? Math.floor(delta) : Math.ceil(delta));
            }
            if (minAdjustmentStep != null && minAdjustmentStep > Math.abs(rounded)) {
                rounded = rounded > 0 ? minAdjustmentStep : -minAdjustmentStep;
            }
            capacity = current + rounded;
        }
        if (capacity > maximum) {
            return maximum;
        }
        if (capacity < minimum) {
            return minimum;
        }
        return (int) capacity;
    }
}
