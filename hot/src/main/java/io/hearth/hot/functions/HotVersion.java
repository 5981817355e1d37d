package io.hearth.hot.functions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A value of {@code heat_template_version} that Heat accepts: a release date, or (from Newton) the
 * release name. The version decides which intrinsic functions a template may use.
 */
public enum HotVersion {
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

    /** The key of the version in a template. */
    public static final String KEY = "heat_template_version";

    private final String date;
    private final String releaseName;

    HotVersion(String date, String releaseName) {
        this.date = date;
        this.releaseName = releaseName;
    }

    /**
     * The version a template declares, by date or release name.
     *
     * @throws ExpressionException with Heat's message when Heat does not know the version
     */
    public static HotVersion of(String value) {
        for (HotVersion v : values()) {
            if (v.date.equals(value) || (v.releaseName != null && v.releaseName.equals(value))) {
                return v;
            }
        }
        List<String> accepted = new ArrayList<>();
        for (HotVersion v : values()) {
            accepted.add(v.date);
            if (v.releaseName != null) {
                accepted.add(v.releaseName);
            }
        }
        accepted.sort(null);
        throw new ExpressionException(KEY, "The template version is invalid: \"" + KEY + ": " + value + "\". \""
                + KEY + "\" should be one of: " + String.join(", ", accepted));
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
