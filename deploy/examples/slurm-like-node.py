#!/usr/bin/env python3
"""A compute node's hook: joins with the head's key and node list; on DELETE, leaves."""
import json
import os
import time

server = os.path.abspath(os.path.join(os.getcwd(), "..", ".."))
address = os.environ.get("HEARTH_SERVER_ADDRESS", "")
action = os.environ.get("deploy_action", "")
key = os.environ.get("munge_key") or ""
nodes = json.loads(os.environ.get("nodes") or "[]") or []
generation = int(float(os.environ.get("generation") or 0))
if action != "DELETE":
    with open(os.path.join(server, "slurm-node.conf"), "w") as f:
        f.write("MungeKey=%s\n" % key)
        f.writelines("NodeName=%s\n" % node for node in nodes)
with open(os.path.join(server, "..", "..", "cluster-hooks.log"), "a") as log:
    log.write("%s node %s %s gen=%d nodes=%s key=%s\n" % (time.strftime("%H:%M:%S"), address, action,
              generation, ",".join(nodes), "yes" if key else "no"))
print("node %s %s: generation %d, %d nodes, key %s" % (address, action, generation, len(nodes),
      "known" if key else "not yet"))
