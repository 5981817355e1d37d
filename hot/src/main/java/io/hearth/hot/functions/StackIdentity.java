package io.hearth.hot.functions;

/**
 * The stack a template is evaluated for, as its pseudo parameters show it: {@code OS::stack_name},
 * {@code OS::stack_id}, {@code OS::project_id}. A null component is a pseudo parameter not provided.
 */
public record StackIdentity(String name, String id, String projectId) {

    public static final String STACK_NAME = "OS::stack_name";
    public static final String STACK_ID = "OS::stack_id";
    public static final String PROJECT_ID = "OS::project_id";

    /** The value of a pseudo parameter, or null when {@code parameter} is none or not provided. */
    String pseudoParameter(String parameter) {
        return switch (parameter) {
            case STACK_NAME -> name;
            case STACK_ID -> id;
            case PROJECT_ID -> projectId;
            default -> null;
        };
    }
}
