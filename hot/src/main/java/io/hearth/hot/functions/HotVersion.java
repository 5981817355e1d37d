package io.hearth.hot.functions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A template version that Heat accepts: a value of {@code heat_template_version} (a release date, or
 * from Newton the release name), or one of the two CloudFormation-format versions before HOT
 * ({@code AWSTemplateFormatVersion: 2010-09-09}, {@code HeatTemplateFormatVersion: 2012-12-12}). The
 * version decides which intrinsic functions a template may use; the CFN versions come first, so a HOT
 * function's behaviour in them is its oldest one, as Heat's CFN functions are.
 */
public enum HotVersion {
    CFN_2010_09_09(HotVersion.CFN_KEY, "2010-09-09", null),
    HEAT_2012_12_12(HotVersion.HEAT_CFN_KEY, "2012-12-12", null),
    V2013_05_23("2013-05-23", null),
    V2014_10_16("2014-10-16", null),
    V2015_04_30("2015-04-30", null),
    V2015_10_15("2015-10-15", null),
    V2016_04_08("2016-04-08", null),
    V2016_10_14("2016-10-14", "newton"),
    V2017_02_24("2017-02-24", "ocata"),
    V2017_09_01("2017-09-01", "pike"),
    V2018_03_02("2018-03-02", "queens"),
    V2018_08_31("2018-08-31", "rocky"),
    V2021_04_16("2021-04-16", "wallaby");

    /** The key of the version in a HOT template. */
    public static final String KEY = "heat_template_version";
    /** The key of the version in a CloudFormation template. */
    public static final String CFN_KEY = "AWSTemplateFormatVersion";
    /** The key of the version in a CloudFormation-format template of Heat's own dialect. */
    public static final String HEAT_CFN_KEY = "HeatTemplateFormatVersion";

    private final String key;
    private final String date;
    private final String releaseName;

    HotVersion(String date, String releaseName) {
        this(KEY, date, releaseName);
    }

    HotVersion(String key, String date, String releaseName) {
        this.key = key;
        this.date = date;
        this.releaseName = releaseName;
    }

    /**
     * The version a HOT template declares, by date or release name.
     *
     * @throws ExpressionException with Heat's message when Heat does not know the version
     */
    public static HotVersion of(String value) {
        return of(KEY, value);
    }

    /**
     * The version a template declares under {@code key} ({@link #KEY}, {@link #CFN_KEY} or
     * {@link #HEAT_CFN_KEY}).
     *
     * @throws ExpressionException with Heat's message when Heat does not know the version
     */
    public static HotVersion of(String key, String value) {
        List<String> accepted = new ArrayList<>();
        for (HotVersion v : values()) {
            if (v.key.equals(key)) {
                if (v.names(value)) {
                    return v;
                }
                accepted.add(v.date);
                v.releaseName().ifPresent(accepted::add);
            }
        }
        accepted.sort(null);
        throw new ExpressionException(key, "The template version is invalid: \"" + key + ": " + value + "\". \""
                + key + "\" should be" + (accepted.size() > 1 ? " one of: " : ": ") + String.join(", ", accepted));
    }

    /**
     * The version a plan names ({@code StackPlan.templateVersion}): a HOT version by date or release name,
     * or a CFN version by date.
     *
     * @throws ExpressionException when no version has that name
     */
    public static HotVersion ofPlan(String value) {
        for (HotVersion v : values()) {
            if (v.names(value)) {
                return v;
            }
        }
        return of(value);
    }

    private boolean names(String value) {
        return date.equals(value) || (releaseName != null && releaseName.equals(value));
    }

    /** The key a template declares this version under. */
    public String key() {
        return key;
    }

    /** Whether this is a CloudFormation-format version. */
    public boolean cfn() {
        return !key.equals(KEY);
    }

    /** The release date, as Heat names the version in its documentation ({@code 2018-08-31}). */
    public String date() {
        return date;
    }

    /** The release name that Heat accepts in place of the date ({@code rocky}), from Newton on. */
    public Optional<String> releaseName() {
        return Optional.ofNullable(releaseName);
    }

    /** Whether this version is {@code other} or later. */
    public boolean atLeast(HotVersion other) {
        return compareTo(other) >= 0;
    }

    @Override
    public String toString() {
        return date;
    }
}
