#!/usr/bin/env python3
"""Checks the rendered dev and prod overlays (k8s/check.sh renders them and calls this).

Prints every finding and exits 1 if there is any. What it checks, per overlay:
- the exact inventory of objects (nothing missing, nothing unexpected);
- every object in the namespace, labelled app.kubernetes.io/part-of: hearth;
- every Deployment: liveness and readiness probes on /q/health/live and /q/health/ready,
  resources, JAVA_TOOL_OPTIONS with -XX:+ExitOnOutOfMemoryError, envFrom <service>-config,
  <service>-config-creds (a service with a database), the tokens Secret hearth-auth (every service) and
  the signing-key Secret hearth-signing (every service that signs or checks URLs), non-root and read-only root
  filesystem with /tmp on an emptyDir, Prometheus annotations on the container port;
- Services, HPAs, PodDisruptionBudgets and the Ingresses point at what exists: /v1 and /console of the public
  host to template-service, the agents' host to signal-gateway;
- deployment-service's HEARTH_SIGNAL_BASE_URL and HEARTH_SIGNAL_HEAT_API_URL are set, to the agents'
  and the API's Ingress hosts in prod, and the notifier's HEARTH_SIGNAL_BASE_URL is deployment-service's;
- NetworkPolicies: every service denies what no policy admits; template-service is admitted from the
  Ingress controller, signal-gateway from it, agents and template-service, deployment-service and the
  notifier from template-service only (and all from Prometheus); PostgreSQL from the services that own
  data; Kafka's listener from the services (Strimzi's networkPolicyPeers);
- KafkaTopics: the topic list of io.hearth.contracts.Topics (partitions, cleanup.policy,
  max.message.bytes), labelled with the Kafka cluster,
  replication within the node count, and min.insync.replicas below it (dev: 1/1, prod: 3/2);
- the PostgreSQL cluster creates each service's role and schema and manages its password;
  a service without a database (signal-gateway) is given no datasource setting at all;
- dev: every Secret is development-only and the passwords of the service and its role agree;
- prod: no Secret and nothing development-only is rendered; the Secrets it needs are listed; no
  CHANGE-ME placeholder is left (with --template, they are listed instead of failing).
"""
import argparse
import sys

import yaml

PART_OF = ("app.kubernetes.io/part-of", "hearth")
DEV_ONLY = "hearth.io/development-only"
PLACEHOLDER = "CHANGE-ME"
# The Secrets shared between services: tenant tokens (every service) and signing keys (those that sign or check
# pre-signed URLs or abandon data).
AUTH_SECRET = "hearth-auth"
SIGNING_SECRET = "hearth-signing"
SIGNING_SERVICES = ("template-service", "deployment-service", "signal-gateway")
# Who may open a connection to each service's port (NetworkPolicies): peers as check.py describes them.
INGRESS_NS = "ns:ingress-nginx"
MONITORING_NS = "ns:monitoring"
ALLOWED_PEERS = {
    "template-service": {INGRESS_NS, MONITORING_NS},
    "signal-gateway": {INGRESS_NS, MONITORING_NS, "pods:hearth.io/agent=true in any namespace",
                       "pods:app.kubernetes.io/name=template-service"},
    "deployment-service": {MONITORING_NS, "pods:app.kubernetes.io/name=template-service"},
    "notifier": {MONITORING_NS, "pods:app.kubernetes.io/name=template-service"},
}
NETWORK_POLICIES = ["hearth-services-deny-ingress", "template-service-from-ingress", "signal-gateway-from-agents",
                    "internal-services-from-template-service", "hearth-services-from-prometheus",
                    "hearth-db-from-services"]

# service: (port, database suffix or None when it owns nothing durable, component, HPA maximum)
SERVICES = {
    "template-service": (8004, "template", "api", 5),
    "deployment-service": (8005, "deployment", "orchestrator", 5),
    "signal-gateway": (8006, None, "agent-gateway", 10),
    "notifier": (8007, "notifier", "notifier", 5),
}

# The built-in topic list, used when contracts/ is not built: name: (partitions, cleanup.policy,
# max.message.bytes).
MAIN_TOPICS = ["hearth.stack.commands", "hearth.stack.events", "hearth.server.metadata",
               "hearth.server.deployments", "hearth.signals", "hearth.instance.lifecycle", "hearth.membership",
               "hearth.scaling", "hearth.compute.servers", "hearth.compute.status", "hearth.metrics"]
MAX_RECORD_BYTES = 8 * 1024 * 1024
BUILTIN_TOPICS = {t: (6, "compact" if t in ("hearth.server.metadata", "hearth.server.deployments",
                                                        "hearth.compute.servers") else "delete",
                         MAX_RECORD_BYTES)
                  for t in MAIN_TOPICS}
BUILTIN_TOPICS.update({t + ".dlq": (1, "delete", MAX_RECORD_BYTES) for t in MAIN_TOPICS})

# What each overlay must give: Kafka nodes, topic replicas, min.insync.replicas,
# PostgreSQL instances, HPA minimum.
PROFILES = {
    "dev": dict(kafka_nodes=1, topic_replicas=1, min_isr=1, pg_instances=1, hpa_min=1),
    "prod": dict(kafka_nodes=3, topic_replicas=3, min_isr=2, pg_instances=3, hpa_min=2),
}


class Overlay:
    def __init__(self, name, path, topics, template=False):
        self.name = name
        self.template = template
        self.placeholders = []
        self.profile = PROFILES[name]
        self.topics = topics
        self.findings = []
        with open(path) as f:
            self.docs = [d for d in yaml.safe_load_all(f) if d]
        self.by_key = {}
        for d in self.docs:
            key = (d["kind"], d["metadata"]["name"])
            if key in self.by_key:
                self.fail(f"{key[0]}/{key[1]} is rendered twice")
            self.by_key[key] = d

    def fail(self, message):
        self.findings.append(message)

    def get(self, kind, name):
        return self.by_key.get((kind, name))

    def of_kind(self, kind):
        return [d for d in self.docs if d["kind"] == kind]

    # ---------------------------------------------------------------------------------------
    def expected_inventory(self):
        expected = {("Namespace", "hearth"), ("Ingress", "hearth"), ("Ingress", "hearth-agents"),
                    ("Kafka", "hearth"), ("KafkaNodePool", "dual-role"), ("Cluster", "hearth-db")}
        expected |= {("NetworkPolicy", n) for n in NETWORK_POLICIES}
        if self.name == "dev":
            expected |= {("Secret", AUTH_SECRET), ("Secret", SIGNING_SECRET)}
        for svc, (_, db, _, _) in SERVICES.items():
            expected |= {("Deployment", svc), ("Service", svc), ("HorizontalPodAutoscaler", svc),
                         ("ConfigMap", f"{svc}-config")}
            if self.name == "dev":
                if db:
                    expected |= {("Secret", f"{svc}-config-creds"), ("Secret", f"hearth-db-{db}")}
            else:
                expected.add(("PodDisruptionBudget", svc))
        expected |= {("KafkaTopic", t) for t in self.topics}
        return expected

    def check_inventory(self):
        actual = set(self.by_key)
        expected = self.expected_inventory()
        for kind, name in sorted(expected - actual):
            self.fail(f"missing {kind}/{name}")
        for kind, name in sorted(actual - expected):
            self.fail(f"unexpected {kind}/{name}")

    def check_metadata(self):
        namespace = self.get("Namespace", "hearth")
        ns = namespace["metadata"]["name"] if namespace else "hearth"
        for d in self.docs:
            meta = d["metadata"]
            where = f"{d['kind']}/{meta['name']}"
            if d["kind"] != "Namespace" and meta.get("namespace") != ns:
                self.fail(f"{where}: namespace {meta.get('namespace')!r}, expected {ns!r}")
            if (meta.get("labels") or {}).get(PART_OF[0]) != PART_OF[1]:
                self.fail(f"{where}: no label {PART_OF[0]}: {PART_OF[1]}")
            dev_only = (meta.get("annotations") or {}).get(DEV_ONLY) == "true"
            if self.name == "prod" and (dev_only or d["kind"] == "Secret"):
                self.fail(f"{where}: a Secret or development-only object is rendered in prod")
            if self.name == "dev" and d["kind"] == "Secret" and not dev_only:
                self.fail(f"{where}: Secret without the annotation {DEV_ONLY}: \"true\"")

    # ---------------------------------------------------------------------------------------
    def check_deployments(self):
        for svc, (port, db, component, hpa_max) in SERVICES.items():
            dep = self.get("Deployment", svc)
            if not dep:
                continue
            where = f"Deployment/{svc}"
            pod = dep["spec"]["template"]
            want = {"app.kubernetes.io/name": svc, "app.kubernetes.io/component": component,
                    PART_OF[0]: PART_OF[1]}
            for what, labels in (("labels", dep["metadata"].get("labels") or {}),
                                 ("pod labels", pod["metadata"].get("labels") or {})):
                for k, v in want.items():
                    if labels.get(k) != v:
                        self.fail(f"{where}: {what} lack {k}: {v}")
            selector = dep["spec"]["selector"]["matchLabels"]
            if any(pod["metadata"]["labels"].get(k) != v for k, v in selector.items()):
                self.fail(f"{where}: selector {selector} does not match its pod labels")
            spec = pod["spec"]
            pod_sc = spec.get("securityContext") or {}
            emptydirs = {v["name"] for v in spec.get("volumes", []) if "emptyDir" in v}
            containers = spec["containers"]
            if len(containers) != 1:
                self.fail(f"{where}: expected one container, found {len(containers)}")
            for c in containers:
                cw = f"{where} container {c['name']}"
                for probe, path in (("livenessProbe", "/q/health/live"),
                                    ("readinessProbe", "/q/health/ready")):
                    got = ((c.get(probe) or {}).get("httpGet") or {}).get("path")
                    if got != path:
                        self.fail(f"{cw}: {probe} on {got!r}, expected {path}")
                ports = {p.get("name"): p["containerPort"] for p in c.get("ports", [])}
                if ports.get("http") != port:
                    self.fail(f"{cw}: port http is {ports.get('http')}, expected {port}")
                res = c.get("resources") or {}
                for part in ("requests", "limits"):
                    for r in ("cpu", "memory"):
                        if r not in (res.get(part) or {}):
                            self.fail(f"{cw}: no resources.{part}.{r}")
                tool_options = {e.get("name"): e.get("value") for e in c.get("env") or []}.get("JAVA_TOOL_OPTIONS") or ""
                if "-XX:+ExitOnOutOfMemoryError" not in tool_options.split():
                    self.fail(f"{cw}: JAVA_TOOL_OPTIONS lacks -XX:+ExitOnOutOfMemoryError")
                env_from = c.get("envFrom") or []
                refs = {("configMap", (e.get("configMapRef") or {}).get("name")) for e in env_from}
                refs |= {("secret", (e.get("secretRef") or {}).get("name")) for e in env_from}
                want_refs = [("configMap", f"{svc}-config"), ("secret", AUTH_SECRET)]
                if db:
                    want_refs.append(("secret", f"{svc}-config-creds"))
                if svc in SIGNING_SERVICES:
                    want_refs.append(("secret", SIGNING_SECRET))
                for ref in want_refs:
                    if ref not in refs:
                        why = " (no signing-key Secret)" if ref[1] == SIGNING_SECRET else ""
                        self.fail(f"{cw}: no envFrom {ref[0]}Ref {ref[1]}{why}")
                for kind, name in refs:
                    if kind == "secret" and name and name.endswith("-config-creds") and not db:
                        self.fail(f"{cw}: envFrom Secret {name}, but {svc} owns no database and has no credentials")
                sc = c.get("securityContext") or {}
                if not (sc.get("runAsNonRoot") or pod_sc.get("runAsNonRoot")):
                    self.fail(f"{cw}: not runAsNonRoot")
                if sc.get("readOnlyRootFilesystem") is not True:
                    self.fail(f"{cw}: root filesystem not read-only")
                if sc.get("allowPrivilegeEscalation") is not False:
                    self.fail(f"{cw}: allowPrivilegeEscalation not false")
                tmp = [m for m in c.get("volumeMounts", []) if m["mountPath"] == "/tmp"]
                if not tmp or tmp[0]["name"] not in emptydirs:
                    self.fail(f"{cw}: /tmp is not an emptyDir")
            ann = pod["metadata"].get("annotations") or {}
            if (ann.get("prometheus.io/scrape"), ann.get("prometheus.io/path"),
                    ann.get("prometheus.io/port")) != ("true", "/q/metrics", str(port)):
                self.fail(f"{where}: prometheus.io annotations are not scrape/\"/q/metrics\"/{port}")
            self.check_config(svc, port, db)

    def check_config(self, svc, port, db):
        cm = self.get("ConfigMap", f"{svc}-config")
        if not cm:
            return
        data = cm.get("data") or {}
        kafka = self.get("Kafka", "hearth")
        cluster = self.get("Cluster", "hearth-db")
        database = cluster["spec"]["bootstrap"]["initdb"]["database"] if cluster else "hearth"
        want = {
            "KAFKA_BOOTSTRAP_SERVERS": f"{kafka['metadata']['name'] if kafka else 'hearth'}-kafka-bootstrap:9092",
            "QUARKUS_HTTP_HOST": "0.0.0.0",
            "QUARKUS_HTTP_PORT": str(port),
        }
        if db:
            want["QUARKUS_DATASOURCE_REACTIVE_URL"] = f"postgresql://hearth-db-rw:5432/{database}"
            want["QUARKUS_DATASOURCE_JDBC_URL"] = f"jdbc:postgresql://hearth-db-rw:5432/{database}"
        for k, v in want.items():
            if data.get(k) != v:
                self.fail(f"ConfigMap/{svc}-config: {k}={data.get(k)!r}, expected {v!r}")
        creds = (self.get("Secret", f"{svc}-config-creds") or {}).get("stringData") or {}
        if not db:
            for k in sorted(k for k in {**data, **creds} if k.startswith("QUARKUS_DATASOURCE_")):
                self.fail(f"{svc} owns no database but is given {k}")
            return
        if self.name != "dev":
            return
        role = (self.get("Secret", f"hearth-db-{db}") or {}).get("stringData") or {}
        keys = {"QUARKUS_DATASOURCE_USERNAME", "QUARKUS_DATASOURCE_PASSWORD"}
        if not keys <= set(creds):
            self.fail(f"Secret/{svc}-config-creds lacks {sorted(keys - set(creds))}")
        if creds.get("QUARKUS_DATASOURCE_USERNAME") != f"hearth_{db}" or role.get("username") != f"hearth_{db}":
            self.fail(f"Secret/{svc}-config-creds and Secret/hearth-db-{db}: username is not hearth_{db}")
        if creds.get("QUARKUS_DATASOURCE_PASSWORD") != role.get("password"):
            self.fail(f"Secret/{svc}-config-creds: password differs from Secret/hearth-db-{db}")

    # ---------------------------------------------------------------------------------------
    def pods_matching(self, selector):
        return [d for d in self.of_kind("Deployment")
                if all(d["spec"]["template"]["metadata"]["labels"].get(k) == v
                       for k, v in selector.items())]

    def check_services(self):
        for s in self.of_kind("Service"):
            where = f"Service/{s['metadata']['name']}"
            deps = self.pods_matching(s["spec"].get("selector") or {"-": "-"})
            if len(deps) != 1:
                self.fail(f"{where}: selects {len(deps)} Deployments, expected 1")
                continue
            names = {p.get("name") for c in deps[0]["spec"]["template"]["spec"]["containers"]
                     for p in c.get("ports", [])}
            for p in s["spec"]["ports"]:
                if isinstance(p["targetPort"], str) and p["targetPort"] not in names:
                    self.fail(f"{where}: targetPort {p['targetPort']} is not a container port")
            if s["spec"].get("type", "ClusterIP") != "ClusterIP":
                self.fail(f"{where}: type is not ClusterIP")

    def check_autoscaling(self):
        for svc, (_, _, _, hpa_max) in SERVICES.items():
            hpa = self.get("HorizontalPodAutoscaler", svc)
            if not hpa:
                continue
            where = f"HorizontalPodAutoscaler/{svc}"
            spec = hpa["spec"]
            if hpa["apiVersion"] != "autoscaling/v2":
                self.fail(f"{where}: apiVersion {hpa['apiVersion']}")
            ref = spec["scaleTargetRef"]
            if ref["kind"] != "Deployment" or not self.get("Deployment", ref["name"]):
                self.fail(f"{where}: scales {ref['kind']}/{ref['name']}, which is not rendered")
            cpu = [m["resource"]["target"] for m in spec.get("metrics", [])
                   if m.get("type") == "Resource" and m["resource"]["name"] == "cpu"]
            if cpu != [{"type": "Utilization", "averageUtilization": 70}]:
                self.fail(f"{where}: CPU target is not 70% utilization")
            want_max = 1 if self.name == "dev" else hpa_max
            if (spec.get("minReplicas"), spec["maxReplicas"]) != (self.profile["hpa_min"], want_max):
                self.fail(f"{where}: min/max {spec.get('minReplicas')}/{spec['maxReplicas']}, "
                          f"expected {self.profile['hpa_min']}/{want_max}")
        for pdb in self.of_kind("PodDisruptionBudget"):
            deps = self.pods_matching(pdb["spec"]["selector"]["matchLabels"])
            if len(deps) != 1:
                self.fail(f"PodDisruptionBudget/{pdb['metadata']['name']}: selects {len(deps)} Deployments")

    def ingress_host(self, name):
        ing = self.get("Ingress", name)
        return ((ing or {}).get("spec", {}).get("rules") or [{}])[0].get("host")

    def check_ingress(self):
        for name, paths, service in (("hearth", ("/v1", "/console"), "template-service"),
                                     ("hearth-agents", ("/",), "signal-gateway")):
            ing = self.get("Ingress", name)
            if not ing:
                continue
            backends = []
            for rule in ing["spec"]["rules"]:
                for p in rule["http"]["paths"]:
                    backends.append((p["path"], p["backend"]["service"]["name"],
                                     p["backend"]["service"]["port"].get("name")))
            if backends != [(path, service, "http") for path in paths]:
                self.fail(f"Ingress/{name}: routes {backends}, expected only {', '.join(paths)} -> {service}:http")
            svc = self.get("Service", service)
            if svc and "http" not in {p.get("name") for p in svc["spec"]["ports"]}:
                self.fail(f"Ingress/{name}: Service/{service} has no port named http")
        agents = self.ingress_host("hearth-agents")
        if not agents or agents == self.ingress_host("hearth"):
            self.fail(f"Ingress/hearth-agents: host {agents!r}; the agents need a host of their own")
        if self.name == "prod":
            for name in ("hearth", "hearth-agents"):
                ing = self.get("Ingress", name) or {}
                if not ing.get("spec", {}).get("tls"):
                    self.fail(f"Ingress/{name}: no TLS in prod")

    def check_signal_urls(self):
        data = (self.get("ConfigMap", "deployment-service-config") or {}).get("data") or {}
        for key, ingress in (("HEARTH_SIGNAL_BASE_URL", "hearth-agents"), ("HEARTH_SIGNAL_HEAT_API_URL", "hearth")):
            url = data.get(key)
            if not url:
                self.fail(f"ConfigMap/deployment-service-config: {key} is not set (the URLs handed out would point"
                          " at 127.0.0.1)")
                continue
            host = url.split("://", 1)[-1].split("/", 1)[0]
            if host.split(":")[0] in ("127.0.0.1", "0.0.0.0"):
                self.fail(f"ConfigMap/deployment-service-config: {key}={url} is a loopback address")
            if self.name == "prod":
                if not url.startswith("https://"):
                    self.fail(f"ConfigMap/deployment-service-config: {key}={url} is not https in prod")
                if host != self.ingress_host(ingress):
                    self.fail(f"ConfigMap/deployment-service-config: {key}={url} is not the host of "
                              f"Ingress/{ingress} ({self.ingress_host(ingress)})")
        notifier = ((self.get("ConfigMap", "notifier-config") or {}).get("data") or {}).get("HEARTH_SIGNAL_BASE_URL")
        if notifier != data.get("HEARTH_SIGNAL_BASE_URL"):
            self.fail(f"ConfigMap/notifier-config: HEARTH_SIGNAL_BASE_URL={notifier!r} is not deployment-service's"
                      f" ({data.get('HEARTH_SIGNAL_BASE_URL')!r}): alarm actions to the gateway would be refused")

    def check_shared_secrets(self):
        if self.name != "dev":
            return
        auth = (self.get("Secret", AUTH_SECRET) or {}).get("stringData") or {}
        if not auth.get("HEARTH_AUTH_TOKENS"):
            self.fail(f"Secret/{AUTH_SECRET}: no HEARTH_AUTH_TOKENS")
        signing = (self.get("Secret", SIGNING_SECRET) or {}).get("stringData") or {}
        kids = [e.split(":", 1)[0] for e in (signing.get("HEARTH_SIGNING_KEYS") or "").split(",") if e.strip()]
        if not kids or signing.get("HEARTH_SIGNING_ACTIVE_KEY") not in kids:
            self.fail(f"Secret/{SIGNING_SECRET}: HEARTH_SIGNING_ACTIVE_KEY is not one of HEARTH_SIGNING_KEYS")

    # ---------------------------------------------------------------------------------------
    @staticmethod
    def peer(p):
        ns, pods = p.get("namespaceSelector"), p.get("podSelector")
        if "ipBlock" in p:
            return f"ip:{p['ipBlock'].get('cidr')}"
        if ns is not None and pods is None:
            name = (ns.get("matchLabels") or {}).get("kubernetes.io/metadata.name")
            return f"ns:{name}" if name else "ns:any"
        labels = ",".join(f"{k}={v}" for k, v in sorted(((pods or {}).get("matchLabels") or {}).items()))
        return f"pods:{labels or 'any'}" + (" in any namespace" if ns == {} else "" if ns is None else " in some namespaces")

    @staticmethod
    def selects(policy, labels):
        sel = policy["spec"].get("podSelector") or {}
        if any(labels.get(k) != v for k, v in (sel.get("matchLabels") or {}).items()):
            return False
        for e in sel.get("matchExpressions") or []:
            present = labels.get(e["key"])
            if e["operator"] == "In" and present not in e["values"]:
                return False
            if e["operator"] == "NotIn" and present in e["values"]:
                return False
        return True

    def check_network_policies(self):
        policies = self.of_kind("NetworkPolicy")
        for svc, allowed in ALLOWED_PEERS.items():
            dep = self.get("Deployment", svc)
            if not dep:
                continue
            labels = dep["spec"]["template"]["metadata"]["labels"]
            mine = [p for p in policies if self.selects(p, labels) and "Ingress" in p["spec"].get("policyTypes", [])]
            if not mine:
                self.fail(f"Deployment/{svc}: no NetworkPolicy selects it, so anything may connect")
                continue
            peers = set()
            for p in mine:
                for rule in p["spec"].get("ingress") or []:
                    if not rule.get("from"):
                        peers.add("anyone")
                    peers |= {self.peer(f) for f in rule.get("from") or []}
            if peers != allowed:
                self.fail(f"Deployment/{svc}: NetworkPolicies admit {sorted(peers)}, expected {sorted(allowed)}")
        db = [p for p in policies if self.selects(p, {"cnpg.io/cluster": "hearth-db"})]
        if not db:
            self.fail("Cluster/hearth-db: no NetworkPolicy selects its instances")
        kafka = self.get("Kafka", "hearth")
        if kafka:
            for listener in kafka["spec"]["kafka"].get("listeners", []):
                peers = listener.get("networkPolicyPeers") or []
                values = {v for p in peers for e in (p.get("podSelector") or {}).get("matchExpressions") or []
                          for v in e.get("values", [])}
                if values != set(SERVICES):
                    self.fail(f"Kafka: listener {listener['name']} admits {sorted(values) or 'anyone'}, expected the "
                              "four services (networkPolicyPeers)")

    def check_placeholders(self):
        def walk(node, path):
            if isinstance(node, dict):
                for k, v in node.items():
                    walk(v, f"{path}.{k}")
            elif isinstance(node, list):
                for i, v in enumerate(node):
                    walk(v, f"{path}[{i}]")
            elif isinstance(node, str) and PLACEHOLDER in node:
                self.placeholders.append(f"{path}: {node}")
        for d in self.docs:
            walk(d.get("spec", d.get("data")), f"{d['kind']}/{d['metadata']['name']}")
        if self.name == "prod" and not self.template:
            for p in self.placeholders:
                self.fail(f"placeholder left, set it before installing: {p}")
        if self.name == "dev" and self.placeholders:
            self.fail(f"dev renders placeholders: {self.placeholders}")

    # ---------------------------------------------------------------------------------------
    def check_kafka(self):
        kafka = self.get("Kafka", "hearth")
        pools = self.of_kind("KafkaNodePool")
        if not kafka or not pools:
            return
        cluster = kafka["metadata"]["name"]
        brokers = 0
        for pool in pools:
            if pool["metadata"].get("labels", {}).get("strimzi.io/cluster") != cluster:
                self.fail(f"KafkaNodePool/{pool['metadata']['name']}: not labelled strimzi.io/cluster: {cluster}")
            if "broker" in pool["spec"]["roles"]:
                brokers += pool["spec"]["replicas"]
        if brokers != self.profile["kafka_nodes"]:
            self.fail(f"Kafka: {brokers} broker nodes, expected {self.profile['kafka_nodes']}")
        config = kafka["spec"]["kafka"].get("config") or {}
        min_isr = config.get("min.insync.replicas", 1)
        if min_isr != self.profile["min_isr"]:
            self.fail(f"Kafka: min.insync.replicas {min_isr}, expected {self.profile['min_isr']}")
        for key in ("default.replication.factor", "offsets.topic.replication.factor",
                    "transaction.state.log.replication.factor"):
            if config.get(key, 3) > brokers:
                self.fail(f"Kafka: {key} {config.get(key, 3)} exceeds the {brokers} brokers")
        if config.get("auto.create.topics.enable") is not False:
            self.fail("Kafka: auto.create.topics.enable is not false")
        for t in self.of_kind("KafkaTopic"):
            name = t["spec"].get("topicName", t["metadata"]["name"])
            where = f"KafkaTopic/{t['metadata']['name']}"
            if t["metadata"].get("labels", {}).get("strimzi.io/cluster") != cluster:
                self.fail(f"{where}: not labelled strimzi.io/cluster: {cluster}")
            replicas = t["spec"].get("replicas")
            if replicas != self.profile["topic_replicas"]:
                self.fail(f"{where}: replicas {replicas}, expected {self.profile['topic_replicas']}")
            topic_isr = (t["spec"].get("config") or {}).get("min.insync.replicas", min_isr)
            if replicas and not (topic_isr < replicas or replicas == topic_isr == 1):
                self.fail(f"{where}: min.insync.replicas {topic_isr} leaves no replica to lose")
            want = self.topics.get(name)
            config = t["spec"].get("config") or {}
            got = (t["spec"].get("partitions"), config.get("cleanup.policy"), config.get("max.message.bytes"))
            if want and got != want:
                self.fail(f"{where}: partitions/cleanup.policy/max.message.bytes {got}, the contract says {want}")

    def check_postgres(self):
        cluster = self.get("Cluster", "hearth-db")
        if not cluster:
            return
        spec = cluster["spec"]
        if spec["instances"] != self.profile["pg_instances"]:
            self.fail(f"Cluster/hearth-db: {spec['instances']} instances, expected {self.profile['pg_instances']}")
        sql = [s.strip().rstrip(";") for s in spec["bootstrap"]["initdb"].get("postInitApplicationSQL", [])]
        roles = {r["name"]: r for r in spec.get("managed", {}).get("roles", [])}
        for svc, (_, db, _, _) in SERVICES.items():
            if not db:
                continue
            role = f"hearth_{db}"
            for stmt in (f"CREATE ROLE {role} LOGIN", f"CREATE SCHEMA {db} AUTHORIZATION {role}",
                         f"ALTER ROLE {role} SET search_path = {db}"):
                if stmt not in sql:
                    self.fail(f"Cluster/hearth-db: postInitApplicationSQL lacks '{stmt}'")
            secret = (roles.get(role) or {}).get("passwordSecret", {}).get("name")
            if secret != f"hearth-db-{db}":
                self.fail(f"Cluster/hearth-db: managed role {role} has passwordSecret {secret!r}")
            if self.name == "dev":
                s = self.get("Secret", f"hearth-db-{db}") or {}
                if s.get("type") != "kubernetes.io/basic-auth":
                    self.fail(f"Secret/hearth-db-{db}: type is not kubernetes.io/basic-auth")

    # ---------------------------------------------------------------------------------------
    def required_secrets(self):
        """Secrets the rendered objects refer to: (name, what for)."""
        needed = []
        for d in self.of_kind("Deployment"):
            for c in d["spec"]["template"]["spec"]["containers"]:
                for e in c.get("envFrom", []):
                    if "secretRef" in e:
                        needed.append((e["secretRef"]["name"], f"envFrom of Deployment/{d['metadata']['name']}"))
        for c in self.of_kind("Cluster"):
            for r in c["spec"].get("managed", {}).get("roles", []):
                if "passwordSecret" in r:
                    needed.append((r["passwordSecret"]["name"], f"password of PostgreSQL role {r['name']}"))
        for i in self.of_kind("Ingress"):
            for t in i["spec"].get("tls", []):
                needed.append((t["secretName"], f"TLS of Ingress/{i['metadata']['name']}"))
        return needed

    def check_secrets(self):
        for name, why in self.required_secrets():
            if self.name == "dev" and not self.get("Secret", name):
                self.fail(f"Secret/{name} ({why}) is not rendered")

    def run(self):
        self.check_inventory()
        self.check_metadata()
        self.check_deployments()
        self.check_services()
        self.check_autoscaling()
        self.check_ingress()
        self.check_signal_urls()
        self.check_shared_secrets()
        self.check_network_policies()
        self.check_placeholders()
        self.check_kafka()
        self.check_postgres()
        self.check_secrets()
        return self.findings


def read_contract_topics(path):
    topics = {}
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                name, partitions, policy, max_bytes = line.split()
                topics[name] = (int(partitions), policy, int(max_bytes))
    return topics


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", required=True, help="rendered k8s/overlays/dev")
    parser.add_argument("--prod", required=True, help="rendered k8s/overlays/prod")
    parser.add_argument("--contract-topics", help="output of io.hearth.contracts.Topics")
    parser.add_argument("--template", action="store_true",
                        help="check the overlays as templates: list prod's CHANGE-ME placeholders instead of failing")
    args = parser.parse_args()

    topics = BUILTIN_TOPICS
    if args.contract_topics:
        topics = read_contract_topics(args.contract_topics)
        if topics != BUILTIN_TOPICS:
            print("note: io.hearth.contracts.Topics differs from check.py's built-in list; "
                  "the contract is used")
        print(f"KafkaTopics compared with io.hearth.contracts.Topics ({len(topics)} topics)")

    failed = False
    for name, path in (("dev", args.dev), ("prod", args.prod)):
        overlay = Overlay(name, path, topics, args.template)
        findings = overlay.run()
        kinds = {}
        for d in overlay.docs:
            kinds[d["kind"]] = kinds.get(d["kind"], 0) + 1
        summary = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
        if findings:
            failed = True
            print(f"FAIL overlays/{name}: {len(findings)} finding(s)")
            for f in findings:
                print(f"  - {f}")
        else:
            print(f"ok   overlays/{name}: {summary}")
        if name == "prod":
            print("     Secrets prod expects to exist in the namespace:")
            for secret, why in sorted(set(overlay.required_secrets())):
                print(f"       {secret:32} {why}")
            if args.template and overlay.placeholders:
                print("     Placeholders to replace before installing (k8s/check.sh without --template fails on them):")
                for p in overlay.placeholders:
                    print(f"       {p}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
