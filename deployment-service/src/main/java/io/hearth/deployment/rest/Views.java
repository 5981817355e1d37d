package io.hearth.deployment.rest;

import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.software.DerivedConfigs;
import io.hearth.deployment.software.HeatTime;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.deployment.domain.SoftwareDeployment;
import java.util.LinkedHashMap;
import java.util.Map;

/** Heat's {@code format_software_config} and {@code format_software_deployment}. */
final class Views {

    private Views() {
    }

    /** A config; {@code detail} adds config, inputs, outputs and options (the list shows the summary). */
    static Map<String, Object> config(SoftwareConfig row, boolean detail) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", row.id.toString());
        view.put("name", row.name);
        view.put("group", row.group);
        view.put("creation_time", HeatTime.isotime(row.createdAt));
        if (detail) {
            view.put("config", SoftwareConfigStore.configOf(row));
            view.put("inputs", HearthJson.readTree(row.inputs));
            view.put("outputs", HearthJson.readTree(row.outputs));
            view.put("options", HearthJson.readTree(row.options));
        }
        return view;
    }

    /** A derived config ({@link DerivedConfigs}) as Heat shows the one it stored: its inputs hold their values. */
    static Map<String, Object> config(DeploymentItem item) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", item.id());
        view.put("name", item.name());
        view.put("group", item.group());
        view.put("creation_time", HeatTime.isotime(item.creationTime()));
        view.put("config", item.config());
        view.put("inputs", HearthJson.mapper().valueToTree(item.inputs()));
        view.put("outputs", item.outputs());
        view.put("options", item.options());
        return view;
    }

    /**
     * A deployment, plus Hearth's {@code generation}, and {@code progress} (the percentage its running hook last
     * reported) when the current generation reported one.
     */
    static Map<String, Object> deployment(SoftwareDeployment d) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", d.id.toString());
        view.put("server_id", d.serverId);
        view.put("input_values", HearthJson.readTree(d.inputValues));
        view.put("output_values", d.outputValues == null ? null : HearthJson.readTree(d.outputValues));
        view.put("action", d.action);
        view.put("status", d.status);
        view.put("status_reason", d.statusReason);
        view.put("config_id", DerivedConfigs.configId(d));
        view.put("creation_time", HeatTime.isotime(d.createdAt));
        if (d.updatedAt != null) {
            view.put("updated_time", HeatTime.isotime(d.updatedAt));
        }
        view.put("generation", d.generation);
        if (d.currentProgress() != null) {
            view.put("progress", d.currentProgress());
        }
        return view;
    }
}
