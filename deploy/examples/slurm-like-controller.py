#!/usr/bin/env python3
"""The head node's hook: keeps one key, writes the node list, publishes both as stack facts."""
import json
import os
import secrets
import time

server = os.path.abspath(os.path.join(os.getcwd(), "..", ".."))  # the server's folder (local compute driver)
key_file = os.path.join(server, "munge.key")
if not os.path.exists(key_file):
    with open(key_file, "w") as f:
        f.write(secrets.token_hex(16))
with open(key_file) as f:
    key = f.read().strip()

members = json.loads(os.environ.get("members") or "[]") or []
generation = int(float(os.environ.get("generation") or 0))
nodes = sorted(m["address"] for m in members if m.get("address"))
with open(os.path.join(server, "slurm.conf"), "w") as f:
    f.write("ControlMachine=%s\n" % os.environ.get("HEARTH_SERVER_ADDRESS", ""))
    f.writelines("NodeName=%s\n" % node for node in nodes)

action = os.environ.get("deploy_action", "")
with open(os.path.join(server, "..", "..", "cluster-hooks.log"), "a") as log:  # beside servers/: outlives them
    log.write("%s head %s %s gen=%d nodes=%s\n" % (time.strftime("%H:%M:%S"),
              os.environ.get("HEARTH_SERVER_ADDRESS", ""), action, generation, ",".join(nodes)))

outputs = os.environ["heat_outputs_path"]
with open(outputs + ".facts", "w") as f:
    json.dump({"munge_key": key, "nodes": nodes, "generation": generation}, f)
with open(outputs + ".node_count", "w") as f:
    f.write(str(len(nodes)))
print("head %s: %d nodes (generation %d)" % (action, len(nodes), generation))
