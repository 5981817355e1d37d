package io.hearth.hot.functions;

import io.hearth.hot.py.Py;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stack a template is evaluated for, as its pseudo parameters show it: {@code OS::stack_name},
 * {@code OS::stack_id}, {@code OS::project_id} in HOT, {@code AWS::StackName}, {@code AWS::StackId}
 * and {@code AWS::Region} in CFN templates. A null component is a pseudo parameter not provided.
 */
public record StackIdentity(String name, String id, String projectId) {

    public static final String STACK_NAME = "OS::stack_name";
    public static final String STACK_ID = "OS::stack_id";
    public static final String PROJECT_ID = "OS::project_id";
    public static final String AWS_STACK_NAME = "AWS::StackName";
    public static final String AWS_STACK_ID = "AWS::StackId";
    public static final String AWS_REGION = "AWS::Region";
    /** What Heat answers for {@code AWS::Region}, whatever the cloud's region. */
    static final String REGION = "ap-southeast-1";

    /** The value of a pseudo parameter, or null when {@code parameter} is none or not provided. */
    String pseudoParameter(String parameter) {
        return switch (parameter) {
            case STACK_NAME -> name;
            case STACK_ID -> id;
            case PROJECT_ID -> projectId;
            default -> null;
        };
    }

    /** The pseudo parameters with a value, as stack show lists them: HOT's, or a CFN template's. */
    public Map<String, String> pseudoParameters(boolean cfn) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : cfn ? List.of(AWS_STACK_ID, AWS_STACK_NAME, AWS_REGION)
                : List.of(STACK_ID, STACK_NAME, PROJECT_ID)) {
            String value = cfn ? cfnPseudoParameter(name) : pseudoParameter(name);
            if (value != null) {
                values.put(name, value);
            }
        }
        return values;
    }

    /**
     * The value of a CFN pseudo parameter, as Heat's {@code CfnParameters} gives it: the stack's ARN
     * ({@code arn:openstack:heat::<tenant>:stacks/<name>/<id>}, {@code None} before the stack has an id),
     * its name, and a fixed region; null when {@code parameter} is none or not provided.
     */
    String cfnPseudoParameter(String parameter) {
        return switch (parameter) {
            case AWS_STACK_ID -> id == null || name == null || projectId == null ? "None"
                    : "arn:openstack:heat::" + Py.quote(projectId, "") + ":stacks/" + Py.quote(name, "") + "/"
                            + Py.quote(id, "");
            case AWS_STACK_NAME -> name;
            case AWS_REGION -> name == null ? null : REGION;
            default -> null;
        };
    }
}
