# shellcheck shell=bash
# Shared functions of the Hearth local-infrastructure scripts (deploy/up, down, status, demo).
# Sourced, never executed. The calling script sets `set -euo pipefail`.
#
# Everything that is downloaded or generated lives under $HEARTH_HOME (default <repo>/.hearth,
# git-ignored): kafka/lib (jars copied from Maven Central), kafka/data, logs/, run/ (pid files).

DEPLOY_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$DEPLOY_DIR/.." && pwd)

HEARTH_HOME=${HEARTH_HOME:-$REPO_ROOT/.hearth}
KAFKA_PORT=${KAFKA_PORT:-9092}
KAFKA_CONTROLLER_PORT=${KAFKA_CONTROLLER_PORT:-9093}
PGPORT=${PGPORT:-5432}
# Added to every service port (8004..8007 and their replicas), so that a second system can run beside the first
# (with its own HEARTH_HOME, KAFKA_PORT, KAFKA_CONTROLLER_PORT and a PostgreSQL cluster of its own on PGPORT).
HEARTH_PORT_OFFSET=${HEARTH_PORT_OFFSET:-0}
HEARTH_JAVA_OPTS=${HEARTH_JAVA_OPTS:-}

KAFKA_VERSION=4.2.1
KAFKA_DIR=$HEARTH_HOME/kafka
KAFKA_LIB=$KAFKA_DIR/lib
KAFKA_DATA=$KAFKA_DIR/data
KAFKA_CONFIG=$KAFKA_DIR/server.properties
KAFKA_ADMIN_CONFIG=$KAFKA_DIR/admin.properties
KAFKA_TOOL_CLASSES=$KAFKA_DIR/classes
KAFKA_BOOTSTRAP=127.0.0.1:$KAFKA_PORT
KAFKA_START_TIMEOUT=60
RUN_DIR=$HEARTH_HOME/run
LOG_DIR=$HEARTH_HOME/logs
PG_MARKER=$RUN_DIR/postgres.started
PG_DATABASE=hearth
AGENT_JAR=$REPO_ROOT/agent/target/hearth-agent.jar
COMPUTE_DIR=$HEARTH_HOME/compute # the local compute driver's servers

SERVICE_START_TIMEOUT=120
STOP_TIMEOUT=20

# Services, in start order. Port per service; database suffix (role hearth_<x>, schema <x>) per service
# that owns data: signal-gateway owns nothing durable and gets no database.
SERVICES=(template-service deployment-service signal-gateway notifier)
declare -A SERVICE_PORT=(
  [template-service]=$((8004 + HEARTH_PORT_OFFSET))
  [deployment-service]=$((8005 + HEARTH_PORT_OFFSET))
  [signal-gateway]=$((8006 + HEARTH_PORT_OFFSET))
  [notifier]=$((8007 + HEARTH_PORT_OFFSET))
)
declare -A SERVICE_DB=(
  [template-service]=template
  [deployment-service]=deployment
  [notifier]=notifier
)

# ---------------------------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------------------------

step() { printf '==> %s\n' "$*"; }
info() { printf '    %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() {
  printf 'ERROR: %s\n' "$*" >&2
  exit 1
}

# Installs Debian packages quietly with apt-get (refreshing the package lists once if needed).
apt_packages() {
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" >/dev/null 2>&1; } ||
    die "could not install $* with apt-get (run as root, or install them)"
}

# Debian's Chromium, which the console's browser tests (ConsoleIT) and bench/console drive with playwright-core.
chromium_install() {
  command -v chromium >/dev/null 2>&1 && return 0
  info "chromium: installing (Debian)"
  apt_packages chromium
}

# Prints the last lines of a log file, indented, to stderr.
log_tail() {
  local file=$1 lines=${2:-40}
  if [[ -s $file ]]; then
    printf -- '---- last %s lines of %s ----\n' "$lines" "$file" >&2
    tail -n "$lines" "$file" | sed 's/^/  | /' >&2
    printf -- '----\n' >&2
  else
    printf '(log %s is empty or missing)\n' "$file" >&2
  fi
}

# Monotonic-enough seconds with millisecond precision, for timings.
now() { date +%s.%N; }
since() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.1f", e - s }'; }

ensure_dirs() { mkdir -p "$KAFKA_DIR" "$RUN_DIR" "$LOG_DIR"; }

# Keeps the log of the previous run as <file>.1, so a restart does not lose a crash report.
rotate_log() {
  local file=$1
  if [[ -s $file ]]; then mv -f "$file" "$file.1"; fi
  : >"$file"
}

# Serialises up/down: a second invocation waits for the first instead of racing it.
take_lock() {
  ensure_dirs
  # fd 9 must not be inherited by the background processes (see kafka_up, service_start).
  exec 9>"$RUN_DIR/deploy.lock"
  if ! flock -n 9; then
    info "another deploy/up or deploy/down is running; waiting for it to finish..."
    flock -w 900 9 || die "timed out waiting for the lock $RUN_DIR/deploy.lock"
  fi
}

# ---------------------------------------------------------------------------------------------
# Processes and ports
# ---------------------------------------------------------------------------------------------

# Command line of a pid as one line, empty if the process is gone.
pid_cmdline() {
  [[ -r /proc/$1/cmdline ]] || return 0
  tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | sed 's/ $//' || true
}

# Pid recorded in a pid file if that process is alive AND its command line contains the given
# pattern (so a reused pid is never mistaken for ours). Removes a pid file whose process is gone.
live_pid() {
  local pidfile=$1 pattern=$2 pid
  [[ -f $pidfile ]] || return 1
  pid=$(tr -dc '0-9' <"$pidfile")
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && [[ $(pid_cmdline "$pid") == *"$pattern"* ]]; then
    printf '%s\n' "$pid"
    return 0
  fi
  # Removed only when that process is gone and the file still names it: a supervisor may have just
  # written a restarted command's pid, or its new command may not have exec'd java yet.
  if ! kill -0 "$pid" 2>/dev/null && [[ $(tr -dc '0-9' <"$pidfile" 2>/dev/null) == "$pid" ]]; then
    rm -f "$pidfile"
  fi
  return 1
}

# True when something accepts TCP connections on 127.0.0.1:<port>.
port_open() {
  timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

# True when something listens on <port> on any address.
port_in_use() {
  if command -v ss >/dev/null 2>&1; then
    [[ -n $(ss -Hltn "sport = :$1" 2>/dev/null) ]]
  else
    port_open "$1"
  fi
}

# Human description of whoever listens on <port>: "pid 123 (python3 -m http.server ...)".
port_owner() {
  local port=$1 pid
  if command -v ss >/dev/null 2>&1; then
    pid=$(ss -Hltnp "sport = :$port" 2>/dev/null | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true)
  fi
  if [[ -n ${pid:-} ]]; then
    printf 'pid %s (%s)' "$pid" "$(pid_cmdline "$pid" | cut -c1-150)"
  else
    printf 'an unknown process (run as root to see which)'
  fi
}

# Fails clearly when <port> is held by some process that is not ours.
require_free_port() {
  local port=$1 what=$2 hint=$3
  if port_in_use "$port"; then
    die "port $port ($what) is already in use by $(port_owner "$port"), which is not part of this Hearth installation (HEARTH_HOME=$HEARTH_HOME). Stop that process${hint:+ or $hint}."
  fi
}

# True while the process exists and is not a zombie (an exited child nobody has reaped yet). A killed JVM's
# main thread turns zombie before its other threads have exited; until they have, it still holds its ports.
alive() {
  local state tasks
  kill -0 "$1" 2>/dev/null || return 1
  state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
  tasks=$(find "/proc/$1/task" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
  [[ $state != Z ]] || ((tasks > 1))
}

# SIGTERM, wait up to STOP_TIMEOUT seconds, then SIGKILL. Removes the pid file. Prints one line.
stop_process() {
  local name=$1 pidfile=$2 pattern=$3 pid i
  if ! pid=$(live_pid "$pidfile" "$pattern"); then
    info "$name: not running"
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < STOP_TIMEOUT * 4; i++)); do
    if ! alive "$pid"; then
      rm -f "$pidfile"
      info "$name: stopped pid $pid ($(awk -v i="$i" 'BEGIN { printf "%.1f", i / 4 }') s)"
      return 0
    fi
    sleep 0.25
  done
  kill -KILL "$pid" 2>/dev/null || true
  sleep 0.5
  rm -f "$pidfile"
  info "$name: pid $pid did not stop within $STOP_TIMEOUT s after SIGTERM; killed with SIGKILL"
}

# ---------------------------------------------------------------------------------------------
# Supervision: each Java process runs under deploy/supervise, which starts it again when it exits
# unexpectedly (a fatal error, liveness DOWN for too long, SIGKILL), as Kubernetes restarts a
# container. $RUN_DIR/<name>.pid holds the Java process's pid, <name>.supervisor.pid the
# supervisor's, <name>.restarts "<count> <last exit status> <time>" once it restarted the process.
# ---------------------------------------------------------------------------------------------

# JVM options of every Java process deploy/ starts: an OutOfMemoryError ends the process (status 3),
# so that its supervisor restarts it, instead of leaving a process whose threads may have died.
JVM_SAFETY_OPTS=(-XX:+ExitOnOutOfMemoryError)

# ---------------------------------------------------------------------------------------------
# Memory budget (docs/benchmarks.md, "Memory", measures what each setting costs or saves): the JVM
# options, allocator and thread settings of every component, in this one place (k8s/ carries the same
# values). HEARTH_MEMORY_BUDGET=0 starts everything as before the budget (a service -Xmx256m, Kafka
# -Xmx512m; JVM, Quarkus, Kafka and PostgreSQL defaults), to compare. HEARTH_JAVA_OPTS (services, compute
# driver) and HEARTH_KAFKA_JAVA_OPTS (broker) are appended, so they win.
# ---------------------------------------------------------------------------------------------

HEARTH_MEMORY_BUDGET=${HEARTH_MEMORY_BUDGET:-1}
HEARTH_KAFKA_JAVA_OPTS=${HEARTH_KAFKA_JAVA_OPTS:-}

# Every JVM (services, compute driver, Kafka): glibc keeps what the JVM freed (the JIT compilers' arenas above all,
# tens of MB after start-up or a busy spell) in its heap instead of giving it back; trimming it every 30 s returns it
# (docs/benchmarks.md, "Idle").
NATIVE_TRIM_OPTS=(-XX:TrimNativeHeapInterval=30000)
# Every JVM: no hsperfdata (the JVM's shared performance counters, read by jps and jstat; nothing of Hearth reads them):
# without it the JVM's watcher thread does not sample them every 50 ms.
NO_PERF_DATA_OPTS=(-XX:-UsePerfData)
# Every JVM: two of the JVM's own timers no longer wake it while idle (docs/benchmarks.md, "Idle"). The monitor
# deflation thread looks whether enough monitors are in use to deflate every 10 s instead of every 250 ms (4 wake-ups a
# second; it still deflates at least once a minute, GuaranteedAsyncDeflationInterval), and the VM thread no longer
# wakes every second to look for a cleanup safepoint (the cleanup runs at the next safepoint a collection or the JIT
# asks for). Both flags are diagnostic ones, hence the unlock.
QUIET_JVM_OPTS=(-XX:+UnlockDiagnosticVMOptions -XX:AsyncDeflationInterval=10000 -XX:GuaranteedSafepointInterval=0)

# Every service JVM: the serial collector (G1's remembered sets and card tables cost each service about
# 40 MB, for heaps of 100 MB), a heap that gives memory back once collected (free ratio 10-30 %), caps on
# metaspace and code cache (limits, not savings: what k8s/ limits are computed from), two malloc arenas, and the
# malloc heap trimmed every 30 s (NATIVE_TRIM_OPTS).
SERVICE_JVM_OPTS=(-XX:+UseSerialGC -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -XX:MaxMetaspaceSize=160m
  -XX:ReservedCodeCacheSize=64m "${NATIVE_TRIM_OPTS[@]}" "${NO_PERF_DATA_OPTS[@]}" "${QUIET_JVM_OPTS[@]}")
# Per service: its heap; signal-gateway, which does little work, compiles with C1 only (no C2 compiler arenas,
# less compiled code). The notifier writes every client stream: with C1 only and a 48 MB heap it spent twice the
# CPU per delivery to 1,000 SSE clients, and its p99 was twice as long. The three busy services' heaps are fixed
# (-Xms = -Xmx): kept small (the free ratios above), their old generations were collected again and again, about
# 300 ms each time on these cores, stalling the engine's one event loop and every client stream
# (docs/benchmarks.md, "Memory"). Their young generation is fixed at 16 MB (-Xmn16m; by default a third of the heap,
# 37 and 32 MB): eden is resident whole once a service has filled it, so its size is a floor of what an idle service
# holds; the smaller one cost no throughput (docs/benchmarks.md, "Idle").
declare -A SERVICE_MEMORY_OPTS=(
  [template-service]="-Xms112m -Xmx112m -Xmn16m"
  [deployment-service]="-Xms112m -Xmx112m -Xmn16m"
  [signal-gateway]="-Xms8m -Xmx160m -XX:TieredStopAtLevel=1"
  [notifier]="-Xms96m -Xmx96m -Xmn16m"
)
# Every service process: two malloc arenas (glibc gives busy threads arenas of their own, up to 8 per core).
SERVICE_ENV=(MALLOC_ARENA_MAX=2)
# The local compute driver (the agent in host mode).
COMPUTE_JVM_OPTS=(-Xms8m -Xmx64m -XX:+UseSerialGC -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30
  -XX:TieredStopAtLevel=1 "${NATIVE_TRIM_OPTS[@]}" "${NO_PERF_DATA_OPTS[@]}" "${QUIET_JVM_OPTS[@]}")
COMPUTE_ENV=("${SERVICE_ENV[@]}")
# The Kafka broker: JVM and environment. C1 only: C2 was the broker's busiest thread while idle (1.2 % of a core, for
# minutes after a start or a bench), and within a bench C2 spent more CPU compiling than its code saved
# (docs/benchmarks.md, "Idle"). An 8 MB young generation (-Xmn8m; a third of the heap, 21 MB after start, by default),
# as the services'.
KAFKA_JVM_OPTS=(-Xms32m -Xmx192m -Xmn8m -XX:+UseSerialGC -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30
  -XX:MaxMetaspaceSize=96m -XX:ReservedCodeCacheSize=64m -XX:TieredStopAtLevel=1 "${NATIVE_TRIM_OPTS[@]}"
  "${NO_PERF_DATA_OPTS[@]}" "${QUIET_JVM_OPTS[@]}")
KAFKA_ENV=(MALLOC_ARENA_MAX=2)
# Broker settings appended to server.properties: the log cleaner's offset map (for the compacted topics) is
# a heap buffer of 128 MB by default, allocated at start-up; 4 MB holds about 157,000 keys per pass.
KAFKA_MEMORY_SETTINGS=(log.cleaner.dedupe.buffer.size=4194304)
# PostgreSQL: settings given when deploy/up starts the cluster (one that already runs keeps its own).
PG_MEMORY_SETTINGS=(shared_buffers=32MB)

# JVM options of a service's processes.
memory_jvm_opts() {
  if ((HEARTH_MEMORY_BUDGET)); then
    # shellcheck disable=SC2086
    printf '%s ' ${SERVICE_MEMORY_OPTS[$1]} "${SERVICE_JVM_OPTS[@]}"
  else
    printf '%s ' -Xmx256m
  fi
}

# Environment (NAME=value words) of a service's processes.
memory_env() { if ((HEARTH_MEMORY_BUDGET)); then printf '%s ' "${SERVICE_ENV[@]}"; fi; }

compute_jvm_opts() {
  if ((HEARTH_MEMORY_BUDGET)); then printf '%s ' "${COMPUTE_JVM_OPTS[@]}"; else printf '%s ' -Xmx128m -XX:+UseSerialGC; fi
}

kafka_jvm_opts() { if ((HEARTH_MEMORY_BUDGET)); then printf '%s ' "${KAFKA_JVM_OPTS[@]}"; else printf '%s ' -Xmx512m; fi; }
compute_env() { if ((HEARTH_MEMORY_BUDGET)); then printf '%s ' "${COMPUTE_ENV[@]}"; fi; }
kafka_env() { if ((HEARTH_MEMORY_BUDGET)); then printf '%s ' "${KAFKA_ENV[@]}"; fi; }

# Lines appended to the broker's server.properties.
kafka_memory_settings() {
  if ((HEARTH_MEMORY_BUDGET)); then
    printf '# Memory budget (deploy/lib.sh)\n'
    printf '%s\n' "${KAFKA_MEMORY_SETTINGS[@]}"
  fi
}

# "-c name=value ..." for the postmaster (pg_ctl -o).
pg_memory_options() { if ((HEARTH_MEMORY_BUDGET)); then printf -- '-c %s ' "${PG_MEMORY_SETTINGS[@]}"; fi; }

supervisor_pid() { live_pid "$RUN_DIR/$1.supervisor.pid" "deploy/supervise $1 "; }

# Starts <command> under deploy/supervise in <dir>, output appended to <log>; prints the command's pid.
supervised_start() {
  local name=$1 log=$2 dir=$3 sup i
  shift 3
  rm -f "$RUN_DIR/$name.pid" "$RUN_DIR/$name.restarts"
  (
    cd "$dir" || exit 1
    exec nohup bash "$DEPLOY_DIR/supervise" "$name" "$RUN_DIR/$name.pid" "$RUN_DIR/$name.restarts" -- "$@" \
      >>"$log" 2>&1 </dev/null 9>&- # 9: the deploy lock
  ) &
  sup=$!
  printf '%s\n' "$sup" >"$RUN_DIR/$name.supervisor.pid"
  for ((i = 0; i < 50; i++)); do
    [[ -s $RUN_DIR/$name.pid ]] && break
    sleep 0.1
  done
  tr -dc '0-9' <"$RUN_DIR/$name.pid" 2>/dev/null || printf '?'
}

# Stops a supervised process: its supervisor first (so that nothing is restarted; it passes SIGTERM
# on), then the process as stop_process does (SIGKILL after STOP_TIMEOUT). Prints one line.
supervised_stop() {
  local name=$1 pattern=$2 sup="" i
  if sup=$(supervisor_pid "$name"); then
    kill -TERM "$sup" 2>/dev/null || true
  fi
  stop_process "$name" "$RUN_DIR/$name.pid" "$pattern"
  if [[ -n $sup ]]; then
    for ((i = 0; i < 20; i++)); do
      alive "$sup" || break
      sleep 0.25
    done
    if alive "$sup"; then kill -KILL "$sup" 2>/dev/null || true; fi
  fi
  rm -f "$RUN_DIR/$name.supervisor.pid"
}

# " restarted N time(s), last exit status S at T" once the supervisor restarted <name>; empty otherwise.
restart_note() {
  local count status at
  [[ -s $RUN_DIR/$1.restarts ]] || return 0
  read -r count status at <"$RUN_DIR/$1.restarts" || true
  printf ' (restarted %s time(s), last exit status %s at %s)' "$count" "$status" "$at"
}

restart_count() {
  local count=0
  [[ -s $RUN_DIR/$1.restarts ]] && read -r count _ <"$RUN_DIR/$1.restarts"
  printf '%s\n' "${count:-0}"
}

# ---------------------------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------------------------

service_jar() { printf '%s/%s/target/quarkus-app/quarkus-run.jar\n' "$REPO_ROOT" "$1"; }
contracts_ready() { [[ -f $REPO_ROOT/contracts/target/classes/io/hearth/contracts/Topics.class ]]; }

# Builds the whole project once when a service jar or the compiled contracts are missing.
# With "infra" only the contracts module (and what it needs) is built.
build_if_needed() {
  local scope=${1:-all} missing=() svc start
  contracts_ready || missing+=("contracts/target/classes")
  if [[ $scope == all ]]; then
    for svc in "${SERVICES[@]}"; do
      [[ -f $(service_jar "$svc") ]] || missing+=("$svc/target/quarkus-app/quarkus-run.jar")
    done
    [[ ${HEARTH_LOCAL_COMPUTE:-1} == 0 || -f $AGENT_JAR ]] || missing+=("agent/target/hearth-agent.jar")
  fi
  ((${#missing[@]} == 0)) && return 0
  ensure_dirs
  start=$(now)
  local args=(-B -q -DskipTests install)
  [[ $scope == all ]] || args+=(-pl contracts -am)
  step "Building Hearth: ./mvnw ${args[*]} (missing: ${missing[*]})"
  info "the first build downloads dependencies and takes several minutes; log: $LOG_DIR/build.log"
  if ! (cd "$REPO_ROOT" && ./mvnw "${args[@]}") >"$LOG_DIR/build.log" 2>&1; then
    log_tail "$LOG_DIR/build.log" 60
    die "the build failed (full log: $LOG_DIR/build.log)"
  fi
  info "build finished in $(since "$start") s"
  contracts_ready || die "the build did not produce contracts/target/classes/io/hearth/contracts/Topics.class"
  if [[ $scope == all ]]; then
    for svc in "${SERVICES[@]}"; do
      [[ -f $(service_jar "$svc") ]] || die "the build did not produce $(service_jar "$svc")"
    done
    [[ ${HEARTH_LOCAL_COMPUTE:-1} == 0 || -f $AGENT_JAR ]] || die "the build did not produce $AGENT_JAR"
  fi
}

# ---------------------------------------------------------------------------------------------
# Kafka (KRaft combined mode, single node, jars from Maven Central)
# ---------------------------------------------------------------------------------------------

kafka_pid() { live_pid "$RUN_DIR/kafka.pid" "kafka.Kafka $KAFKA_CONFIG"; }

# Runs a Kafka CLI class with quiet (WARN, stderr) logging.
kafka_tool() {
  java -Xmx256m -Dlog4j2.configurationFile="$DEPLOY_DIR/kafka/tools-log4j2.properties" \
    -cp "$KAFKA_TOOL_CLASSES:$KAFKA_LIB/*" "$@"
}

kafka_ensure_lib() {
  if [[ -d $KAFKA_LIB ]]; then
    return 0
  fi
  local start tmp=$KAFKA_DIR/lib.partial
  start=$(now)
  step "Copying Kafka $KAFKA_VERSION jars from Maven Central into $KAFKA_LIB"
  rm -rf "$tmp"
  if ! (cd "$REPO_ROOT" && ./mvnw -q -f deploy/kafka/pom.xml dependency:copy-dependencies \
    -DoutputDirectory="$tmp") >"$LOG_DIR/kafka-download.log" 2>&1; then
    log_tail "$LOG_DIR/kafka-download.log"
    rm -rf "$tmp"
    die "could not copy the Kafka jars (see $LOG_DIR/kafka-download.log)"
  fi
  mv "$tmp" "$KAFKA_LIB" # only a complete copy ever becomes the lib folder
  info "$(find "$KAFKA_LIB" -name '*.jar' | wc -l) jars, $(du -sh "$KAFKA_LIB" | cut -f1), in $(since "$start") s"
}

# Compiles the small topic helper (deploy/kafka/EnsureTopics.java) when it is new or changed.
kafka_ensure_tool_classes() {
  local src=$DEPLOY_DIR/kafka/EnsureTopics.java
  if [[ -f $KAFKA_TOOL_CLASSES/EnsureTopics.class && $KAFKA_TOOL_CLASSES/EnsureTopics.class -nt $src ]]; then
    return 0
  fi
  mkdir -p "$KAFKA_TOOL_CLASSES"
  javac -nowarn -d "$KAFKA_TOOL_CLASSES" -cp "$KAFKA_LIB/*" "$src" ||
    die "could not compile $src"
}

kafka_write_config() {
  cat >"$KAFKA_CONFIG" <<EOF
# Generated by deploy/up on $(date -Is) -- edit deploy/lib.sh, not this file.
# Single Kafka node in KRaft combined mode for local development.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$KAFKA_DATA
num.partitions=6
auto.create.topics.enable=false
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
min.insync.replicas=1
default.replication.factor=1
group.initial.rebalance.delay.ms=0
# Idle cost (docs/benchmarks.md, "Idle"): the active controller appends a no-op record to the metadata log every
# 500 ms by default, only to show that it is alive; every 10 s is enough for one node. Each request handler and
# network processor wakes every 300 ms while idle: for one node on two cores, 2 handlers and 1 processor per listener,
# 2 background threads and one group coordinator thread (Kafka's defaults: 8, 3, 10 and 4).
metadata.max.idle.interval.ms=10000
num.io.threads=2
num.network.threads=1
background.threads=2
group.coordinator.threads=1
EOF
  kafka_memory_settings >>"$KAFKA_CONFIG"
  cat >"$KAFKA_ADMIN_CONFIG" <<EOF
# Client settings of the CLI tools run by deploy/up: fail fast instead of waiting a minute.
request.timeout.ms=5000
default.api.timeout.ms=10000
EOF
}

kafka_format_if_needed() {
  [[ -f $KAFKA_DATA/meta.properties ]] && return 0
  local start cluster_id
  start=$(now)
  cluster_id=$(kafka_tool kafka.tools.StorageTool random-uuid) || die "StorageTool random-uuid failed"
  step "Formatting Kafka storage $KAFKA_DATA (cluster id $cluster_id)"
  mkdir -p "$KAFKA_DATA"
  if ! kafka_tool kafka.tools.StorageTool format -t "$cluster_id" -c "$KAFKA_CONFIG" >"$LOG_DIR/kafka-format.log" 2>&1; then
    log_tail "$LOG_DIR/kafka-format.log"
    die "formatting the Kafka storage failed"
  fi
  printf '%s\n' "$cluster_id" >"$KAFKA_DIR/cluster.id"
  info "formatted in $(since "$start") s"
}

# Fails the start-up, with the broker's log tail, when Kafka died or the deadline passed.
kafka_still_starting() {
  local pid=$1 deadline=$2 waiting_for=$3
  if ! alive "$pid"; then
    log_tail "$LOG_DIR/kafka.log"
    die "Kafka (pid $pid) exited during start-up; full log: $LOG_DIR/kafka.log"
  fi
  if (($(date +%s) >= deadline)); then
    log_tail "$LOG_DIR/kafka.log"
    die "Kafka $waiting_for within $KAFKA_START_TIMEOUT s; full log: $LOG_DIR/kafka.log"
  fi
}

# Waits until the broker answers on its port and a TopicCommand --list succeeds.
kafka_wait_ready() {
  local pid=$1 start=$2 deadline=$(($(date +%s) + KAFKA_START_TIMEOUT))
  while ! port_open "$KAFKA_PORT"; do
    kafka_still_starting "$pid" "$deadline" "did not open port $KAFKA_PORT"
    sleep 0.5
  done
  until kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$KAFKA_BOOTSTRAP" \
    --command-config "$KAFKA_ADMIN_CONFIG" --list >/dev/null 2>>"$LOG_DIR/kafka-tools.log"; do
    kafka_still_starting "$pid" "$deadline" "opened port $KAFKA_PORT but did not answer an admin request"
    sleep 1
  done
  info "Kafka ready on $KAFKA_BOOTSTRAP (pid $pid) after $(since "$start") s"
}

kafka_up() {
  local pid start
  if pid=$(kafka_pid); then
    step "Kafka: already running (pid $pid, $KAFKA_BOOTSTRAP), left alone"
    kafka_ensure_lib
    # The topic step right after this talks to the broker and fails clearly if it does not answer.
    port_open "$KAFKA_PORT" || kafka_wait_ready "$pid" "$(now)"
    return 0
  fi
  kafka_check_ports
  kafka_ensure_lib
  kafka_write_config
  kafka_format_if_needed
  step "Starting Kafka $KAFKA_VERSION broker on $KAFKA_BOOTSTRAP (controller 127.0.0.1:$KAFKA_CONTROLLER_PORT)"
  rotate_log "$LOG_DIR/kafka.log"
  start=$(now)
  (
    cd "$KAFKA_DIR" || exit 1
    read -r -a jvm_opts <<<"$(kafka_jvm_opts) $HEARTH_KAFKA_JAVA_OPTS"
    read -r -a jvm_env <<<"$(kafka_env)"
    exec nohup env "${jvm_env[@]}" java "${jvm_opts[@]}" -Dlog4j2.configurationFile="$DEPLOY_DIR/kafka/log4j2.properties" \
      -cp "$KAFKA_LIB/*" kafka.Kafka "$KAFKA_CONFIG" >>"$LOG_DIR/kafka.log" 2>&1 </dev/null 9>&- # 9: the deploy lock
  ) &
  pid=$!
  printf '%s\n' "$pid" >"$RUN_DIR/kafka.pid"
  info "pid $pid, log $LOG_DIR/kafka.log"
  kafka_wait_ready "$pid" "$start"
}

kafka_down() {
  stop_process kafka "$RUN_DIR/kafka.pid" "kafka.Kafka $KAFKA_CONFIG"
}

# Topics come from the contracts module: one line "<name> <partitions> <cleanup.policy> <max.message.bytes>" each.
topics_ensure() {
  local classes=$REPO_ROOT/contracts/target/classes list start line name partitions policy max_bytes extra n=0
  start=$(now)
  step "Kafka topics (from io.hearth.contracts.Topics)"
  if ! list=$(java -cp "$classes" io.hearth.contracts.Topics); then
    die "java -cp contracts/target/classes io.hearth.contracts.Topics failed"
  fi
  while IFS= read -r line; do
    [[ -z ${line// /} || $line == \#* ]] && continue
    read -r name partitions policy max_bytes extra <<<"$line"
    if [[ -z ${max_bytes:-} || -n ${extra:-} || ! $partitions =~ ^[1-9][0-9]*$ || ! $policy =~ ^(delete|compact|compact,delete|delete,compact)$ || ! $max_bytes =~ ^[1-9][0-9]*$ ]]; then
      die "io.hearth.contracts.Topics printed an unexpected line: '$line' (expected '<name> <partitions> <cleanup.policy> <max.message.bytes>')"
    fi
    n=$((n + 1))
  done <<<"$list"
  ((n > 0)) || die "io.hearth.contracts.Topics printed no topics"
  kafka_ensure_tool_classes
  # One JVM runs TopicCommand --create --if-not-exists for every topic (see EnsureTopics.java).
  if ! grep -v -e '^[[:space:]]*$' -e '^#' <<<"$list" |
    kafka_tool EnsureTopics "$KAFKA_BOOTSTRAP" "$KAFKA_ADMIN_CONFIG" 2>>"$LOG_DIR/kafka-tools.log"; then
    log_tail "$LOG_DIR/kafka-tools.log" 20
    die "creating the Kafka topics failed"
  fi
  info "$n topics checked in $(since "$start") s"
}

# ---------------------------------------------------------------------------------------------
# PostgreSQL (the Debian cluster installed on the machine)
# ---------------------------------------------------------------------------------------------

# Runs a command as root (directly, or through sudo).
as_root() {
  if ((EUID == 0)); then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "'$*' needs root and sudo is not available"
  fi
}

# Runs a command as the postgres OS user, from / (so psql does not complain about the cwd).
as_postgres() {
  if ((EUID == 0)); then
    (cd / && runuser -u postgres -- "$@")
  elif command -v sudo >/dev/null 2>&1; then
    (cd / && sudo -u postgres -- "$@")
  else
    die "'$*' must run as the postgres user and sudo is not available"
  fi
}

# pg_ctlcluster <version> <cluster> start|stop, as root or as the postgres user. The server must
# not inherit fd 9 (the deploy lock).
pg_ctl_cluster() {
  if ((EUID == 0)); then
    pg_ctlcluster "$@" 9>&-
  else
    as_postgres pg_ctlcluster "$@" 9>&-
  fi
}

# psql as the postgres superuser over the local socket; SQL on stdin.
pg_psql() {
  as_postgres env -u PGHOST -u PGUSER -u PGPASSWORD -u PGDATABASE \
    psql -X -q -v ON_ERROR_STOP=1 -p "$PGPORT" "$@"
}

# "<version> <cluster> <status> <datadir>" of the cluster on $PGPORT; nothing when none.
pg_cluster() {
  command -v pg_lsclusters >/dev/null 2>&1 || return 0
  pg_lsclusters -h 2>/dev/null | awk -v port="$PGPORT" '$3 == port { print $1, $2, $4, $6; exit }'
}

pg_postmaster_pid() {
  local datadir=$1
  head -n1 "$datadir/postmaster.pid" 2>/dev/null || as_postgres head -n1 "$datadir/postmaster.pid" 2>/dev/null || printf -- '-\n'
}

pg_install_if_missing() {
  command -v pg_lsclusters >/dev/null 2>&1 && return 0
  step "PostgreSQL is not installed: apt-get update && apt-get install -y postgresql"
  local start
  start=$(now)
  if ! as_root bash -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql' \
    >"$LOG_DIR/postgres-install.log" 2>&1; then
    log_tail "$LOG_DIR/postgres-install.log"
    die "installing PostgreSQL failed (log: $LOG_DIR/postgres-install.log)"
  fi
  info "installed in $(since "$start") s"
}

pg_up() {
  local cluster ver name status datadir start
  pg_install_if_missing
  cluster=$(pg_cluster)
  if [[ -z $cluster ]]; then
    die "no PostgreSQL cluster is configured on port $PGPORT. Clusters on this machine:
$(pg_lsclusters 2>&1)
Set PGPORT to the port of one of them, or create one with: pg_createcluster <version> main -p $PGPORT"
  fi
  read -r ver name status datadir <<<"$cluster"
  if [[ $status == online* ]]; then
    if [[ -f $PG_MARKER ]]; then
      step "PostgreSQL $ver/$name: already running on 127.0.0.1:$PGPORT (started by deploy/up), left alone"
    else
      step "PostgreSQL $ver/$name: already running on 127.0.0.1:$PGPORT (not started by us; deploy/down will leave it running)"
    fi
  else
    step "Starting PostgreSQL cluster $ver/$name on 127.0.0.1:$PGPORT"
    start=$(now)
    read -r -a pg_options <<<"$(pg_memory_options)"
    if ((${#pg_options[@]} > 0)); then
      info "settings: ${pg_options[*]}"
      pg_ctl_cluster "$ver" "$name" start -- -o "${pg_options[*]}" ||
        die "pg_ctlcluster $ver $name start failed (see /var/log/postgresql/postgresql-$ver-$name.log)"
    else
      pg_ctl_cluster "$ver" "$name" start ||
        die "pg_ctlcluster $ver $name start failed (see /var/log/postgresql/postgresql-$ver-$name.log)"
    fi
    printf '%s %s\n' "$ver" "$name" >"$PG_MARKER" # deploy/down stops only what we started
    info "started in $(since "$start") s (recorded in $PG_MARKER)"
  fi
  local i
  for ((i = 0; i < 60; i++)); do
    pg_isready -q -h 127.0.0.1 -p "$PGPORT" && break
    sleep 0.5
  done
  pg_isready -q -h 127.0.0.1 -p "$PGPORT" || die "PostgreSQL does not accept connections on 127.0.0.1:$PGPORT"
  pg_setup_database
}

# SQL creating database, roles and schemas; safe to run any number of times.
# The passwords equal the role names: DEVELOPMENT ONLY, never use this setup anywhere else.
pg_setup_sql() {
  local svc x role
  printf '%s\n' "SELECT 'CREATE DATABASE $PG_DATABASE' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$PG_DATABASE')\\gexec"
  for svc in "${!SERVICE_DB[@]}"; do
    x=${SERVICE_DB[$svc]}
    role=hearth_$x
    printf '%s\n' "DO \$do\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$role') THEN
    CREATE ROLE $role LOGIN PASSWORD '$role';
  ELSE
    ALTER ROLE $role LOGIN PASSWORD '$role';
  END IF;
END \$do\$;"
    printf '%s\n' "ALTER ROLE $role SET search_path = $x;"
    printf '%s\n' "GRANT CONNECT, TEMPORARY ON DATABASE $PG_DATABASE TO $role;"
  done
  # A transaction waiting over deadlock_timeout (1 s) for another's lock is logged, with both pids, to
  # /var/log/postgresql: the services' hung transactions are then told apart from slow ones.
  printf '%s\n' "ALTER DATABASE $PG_DATABASE SET log_lock_waits = on;"
  printf '%s\n' "\\connect $PG_DATABASE"
  printf '%s\n' "REVOKE CREATE ON SCHEMA public FROM PUBLIC;"
  for svc in "${!SERVICE_DB[@]}"; do
    x=${SERVICE_DB[$svc]}
    printf '%s\n' "CREATE SCHEMA IF NOT EXISTS $x AUTHORIZATION hearth_$x;"
    printf '%s\n' "ALTER SCHEMA $x OWNER TO hearth_$x;"
  done
}

pg_setup_database() {
  local svc x out
  if ! out=$(pg_setup_sql | pg_psql -d postgres 2>&1); then
    printf '%s\n' "$out" >&2
    die "setting up database $PG_DATABASE failed"
  fi
  # Prove that each role can log in over TCP with its password and sees its own schema.
  for svc in "${!SERVICE_DB[@]}"; do
    x=${SERVICE_DB[$svc]}
    if ! out=$(PGPASSWORD=hearth_$x PGCONNECT_TIMEOUT=5 psql -X -qtA -h 127.0.0.1 -p "$PGPORT" \
      -U "hearth_$x" -d "$PG_DATABASE" -c 'SELECT current_schema()' 2>&1) || [[ $out != "$x" ]]; then
      die "role hearth_$x cannot log in to $PG_DATABASE on 127.0.0.1:$PGPORT with its password (or its schema is not '$x'): $out"
    fi
  done
  info "database $PG_DATABASE: roles hearth_{template,deployment,notifier} with their own schema, password login checked"
}

pg_down() {
  local cluster ver name status datadir
  if [[ ! -f $PG_MARKER ]]; then
    info "postgres: not started by deploy/up, left as it is"
    return 0
  fi
  read -r ver name <"$PG_MARKER"
  cluster=$(pg_cluster)
  if [[ -n $cluster ]]; then
    read -r _ _ status datadir <<<"$cluster"
    if [[ $status == online* ]]; then
      printf '    postgres: stopping cluster %s/%s ' "$ver" "$name"
      pg_ctl_cluster "$ver" "$name" stop
      printf 'stopped\n'
    else
      info "postgres: cluster $ver/$name already stopped"
    fi
  fi
  rm -f "$PG_MARKER"
}

# Drops the hearth database and the service roles (deploy/down --purge). Starts the cluster for
# the duration when it is stopped.
pg_purge() {
  local cluster ver name status datadir started=0 svc sql
  cluster=$(pg_cluster)
  if [[ -z $cluster ]]; then
    info "postgres: no cluster on port $PGPORT, nothing to drop"
    return 0
  fi
  read -r ver name status datadir <<<"$cluster"
  if [[ $status != online* ]]; then
    pg_ctl_cluster "$ver" "$name" start || die "pg_ctlcluster $ver $name start failed"
    started=1
  fi
  sql="SET client_min_messages = warning;"$'\n'"DROP DATABASE IF EXISTS $PG_DATABASE WITH (FORCE);"
  for svc in "${!SERVICE_DB[@]}"; do
    sql+=$'\n'"DROP ROLE IF EXISTS hearth_${SERVICE_DB[$svc]};"
  done
  if printf '%s\n' "$sql" | pg_psql -d postgres; then
    info "postgres: dropped database $PG_DATABASE and roles hearth_{template,deployment,notifier}"
  else
    warn "dropping database $PG_DATABASE or its roles failed (see above)"
  fi
  if ((started)); then
    pg_ctl_cluster "$ver" "$name" stop
    info "postgres: (cluster $ver/$name was stopped: started for the purge and stopped again)"
  fi
}

# ---------------------------------------------------------------------------------------------
# Services (Quarkus fast-jars)
# ---------------------------------------------------------------------------------------------

# Replicas: HEARTH_REPLICAS processes of every service (default 1), or HEARTH_REPLICAS_<SERVICE> for one
# (the name upper-cased, '-' as '_': HEARTH_REPLICAS_DEPLOYMENT_SERVICE=2). Replica 1 is named after its
# service and keeps its port (the public API stays on 8004); replica r is "<service>-<r>" on the service's
# port + (r-1)*REPLICA_PORT_STEP (deployment-service-2 on 8105). The replicas of a service share its Kafka
# consumer groups, so the partitions are split between them, and its outbox (the relays claim by key).
MAX_REPLICAS=9
REPLICA_PORT_STEP=100

# How many replicas of <service> are wanted.
replica_count() {
  local var n
  var=HEARTH_REPLICAS_${1//-/_}
  var=${var^^}
  n=${!var:-${HEARTH_REPLICAS:-1}}
  [[ $n =~ ^[1-9]$ ]] || die "$var (or HEARTH_REPLICAS) must be a number from 1 to $MAX_REPLICAS, not '$n'"
  printf '%s\n' "$n"
}

# The name of replica <r> of <service>: its pid file, log and supervisor are named after it.
replica_name() { if (($2 == 1)); then printf '%s\n' "$1"; else printf '%s-%s\n' "$1" "$2"; fi; }
replica_port() { printf '%s\n' $((SERVICE_PORT[$1] + ($2 - 1) * REPLICA_PORT_STEP)); }

# Replica numbers of <service> that have a pid file (running, or being restarted by their supervisor),
# whether or not they are wanted now (deploy/down stops them all, deploy/up the ones beyond the count).
replicas_known() {
  local svc=$1 file r
  for file in "$RUN_DIR/$svc".pid "$RUN_DIR/$svc".supervisor.pid "$RUN_DIR/$svc"-[0-9].pid "$RUN_DIR/$svc"-[0-9].supervisor.pid; do
    [[ -e $file ]] || continue
    r=${file#"$RUN_DIR/$svc"}
    r=${r%.pid}
    r=${r%.supervisor}
    printf '%s\n' "${r#-}"
  done | sed 's/^$/1/' | sort -nu
}

# Replica numbers to look at: 1..count and any other one still known.
replicas_all() { { seq 1 "$(replica_count "$1")"; replicas_known "$1"; } | sort -nu; }

service_pid() { live_pid "$RUN_DIR/$(replica_name "$1" "${2:-1}").pid" "$(service_jar "$1")"; }

# HTTP status of /q/health/ready of replica <r> ("000" when nothing answers).
service_health() {
  curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$(replica_port "$1" "${2:-1}")/q/health/ready" 2>/dev/null || true
}

# The local system's tenant token and signing key: the development ones (hearth-dev-token:demo, key k1), which
# the services accept in the production profile only because HEARTH_SECURITY_ALLOW_DEVELOPMENT_SECRETS says
# deploy/ set them. A caller that sets HEARTH_AUTH_TOKENS or HEARTH_SIGNING_KEYS (and HEARTH_SIGNING_ACTIVE_KEY)
# has its own values passed through instead, and the development ones are refused (a production-like system).
secrets_env() {
  local out=() dev=0
  if [[ -z ${HEARTH_AUTH_TOKENS:-} ]] && ! keystone_wanted; then
    out+=(HEARTH_AUTH_TOKENS=hearth-dev-token:demo)
    dev=1
  fi
  if [[ -z ${HEARTH_SIGNING_KEYS:-} ]]; then
    out+=(HEARTH_SIGNING_KEYS=k1:hearth-dev-signing-secret HEARTH_SIGNING_ACTIVE_KEY=k1)
    dev=1
  fi
  if ((dev)); then
    out+=(HEARTH_SECURITY_ALLOW_DEVELOPMENT_SECRETS=true)
    printf '%s\n' "${out[@]}"
  fi
}

service_start() {
  local svc=$1 r=${2:-1} port x=${SERVICE_DB[$1]:-} name jar pid java_opts=() memory_opts=() memory_env=() db_env=()
  local secrets=()
  name=$(replica_name "$svc" "$r")
  port=$(replica_port "$svc" "$r")
  jar=$(service_jar "$svc")
  read -r -a java_opts <<<"$HEARTH_JAVA_OPTS"
  read -r -a memory_opts <<<"$(memory_jvm_opts "$svc")"
  read -r -a memory_env <<<"$(memory_env "$svc")"
  if [[ -n $x ]]; then
    db_env=(QUARKUS_DATASOURCE_REACTIVE_URL="postgresql://127.0.0.1:$PGPORT/$PG_DATABASE"
      QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/$PG_DATABASE"
      QUARKUS_DATASOURCE_USERNAME="hearth_$x" QUARKUS_DATASOURCE_PASSWORD="hearth_$x")
  fi
  mapfile -t secrets < <(secrets_env; keystone_env)
  rotate_log "$LOG_DIR/$name.log"
  rotate_log "$LOG_DIR/$name.json"
  # Readable log on the console (logs/<name>.log); the same as JSON lines with trace, stack and deployment ids,
  # and a line per consumer step (EventTracing at DEBUG, kept off the console), in logs/<name>.json.
  pid=$(supervised_start "$name" "$LOG_DIR/$name.log" "$HEARTH_HOME" env \
    KAFKA_BOOTSTRAP_SERVERS="$KAFKA_BOOTSTRAP" \
    QUARKUS_HTTP_PORT="$port" \
    QUARKUS_LOG_FILE_ENABLED=true QUARKUS_LOG_FILE_PATH="$LOG_DIR/$name.json" QUARKUS_LOG_CONSOLE_LEVEL=INFO \
    "${db_env[@]}" \
    "${secrets[@]}" \
    MP_MESSAGING_CONNECTOR_SMALLRYE_KAFKA_CLIENT_ID_PREFIX="$name-" \
    HEARTH_WEBHOOKS_ALLOWED_TARGETS="${HEARTH_WEBHOOKS_ALLOWED_TARGETS:-}" \
    HEARTH_UPSTREAM_DEPLOYMENT_SERVICE="http://127.0.0.1:${SERVICE_PORT[deployment-service]}" \
    HEARTH_UPSTREAM_SIGNAL_GATEWAY="http://127.0.0.1:${SERVICE_PORT[signal-gateway]}" \
    HEARTH_UPSTREAM_NOTIFIER="http://127.0.0.1:${SERVICE_PORT[notifier]}" \
    HEARTH_SIGNAL_BASE_URL="${HEARTH_SIGNAL_BASE_URL:-http://127.0.0.1:${SERVICE_PORT[signal-gateway]}}" \
    HEARTH_SIGNAL_HEAT_API_URL="${HEARTH_SIGNAL_HEAT_API_URL:-http://127.0.0.1:${SERVICE_PORT[template-service]}}" \
    "${memory_env[@]}" \
    java "${memory_opts[@]}" "${JVM_SAFETY_OPTS[@]}" "${java_opts[@]}" \
    '-Dquarkus.log.category."io.hearth.platform.tracing".level=DEBUG' -jar "$jar")
  info "$name: started pid $pid on port $port, supervised (log $LOG_DIR/$name.log)"
}

service_stop() { supervised_stop "$(replica_name "$1" "${2:-1}")" "$(service_jar "$1")"; }

# Fails when a port of a wanted replica is taken by something that is not that replica.
services_check_ports() {
  local svc r
  for svc in "${SERVICES[@]}"; do
    for ((r = 1; r <= $(replica_count "$svc"); r++)); do
      # A replica whose supervisor lives owns its port even while it is down: a JVM killed a moment ago can
      # still hold the port while its last threads exit, and the supervisor is about to start it again.
      if ! service_pid "$svc" "$r" >/dev/null && ! supervisor_pid "$(replica_name "$svc" "$r")" >/dev/null; then
        require_free_port "$(replica_port "$svc" "$r")" "$(replica_name "$svc" "$r")" ""
      fi
    done
  done
}

# Fails when a Kafka port is taken by something that is not our broker.
kafka_check_ports() {
  if ! kafka_pid >/dev/null; then
    require_free_port "$KAFKA_PORT" "Kafka PLAINTEXT listener" "set KAFKA_PORT to another port"
    require_free_port "$KAFKA_CONTROLLER_PORT" "Kafka controller listener" "set KAFKA_CONTROLLER_PORT to another port"
  fi
}

# Starts every wanted replica that does not run (restarts one whose jar was rebuilt), stops the replicas
# beyond the wanted count, and waits until every wanted replica is ready.
services_up() {
  local svc r name pid sup start to_wait=() pending=() failed=0 code inst
  local -A restarts=()
  services_check_ports # again: nothing is started when one of the ports is taken
  step "Services"
  start=$(now)
  for svc in "${SERVICES[@]}"; do
    for r in $(replicas_known "$svc"); do
      if ((r > $(replica_count "$svc"))); then
        info "$(replica_name "$svc" "$r"): beyond the $(replica_count "$svc") replica(s) wanted; stopping it"
        service_stop "$svc" "$r"
      fi
    done
    for ((r = 1; r <= $(replica_count "$svc"); r++)); do
      name=$(replica_name "$svc" "$r")
      pid="" sup=""
      pid=$(service_pid "$svc" "$r") || sup=$(supervisor_pid "$name") || true
      if [[ -n $pid$sup ]] && service_rebuilt "$svc" "$r"; then
        info "$name: rebuilt since it started (pid ${pid:-restarting}); restarting it"
        service_stop "$svc" "$r"
        service_start "$svc" "$r"
      elif [[ -n $pid ]]; then
        if port_open "$(replica_port "$svc" "$r")"; then
          info "$name: already running (pid $pid, port $(replica_port "$svc" "$r")), left alone"
        else
          info "$name: pid $pid is running but port $(replica_port "$svc" "$r") does not answer yet; waiting for it"
        fi
      elif [[ -n $sup ]]; then
        info "$name: being restarted by its supervisor (pid $sup)$(restart_note "$name"); waiting for it"
      else
        service_start "$svc" "$r"
      fi
      restarts[$name]=$(restart_count "$name")
      to_wait+=("$svc $r")
    done
  done
  local deadline=$(($(date +%s) + SERVICE_START_TIMEOUT))
  pending=("${to_wait[@]}")
  while ((${#pending[@]} > 0)); do
    local still=()
    for inst in "${pending[@]}"; do
      read -r svc r <<<"$inst"
      name=$(replica_name "$svc" "$r")
      code=$(service_health "$svc" "$r")
      if [[ $code == 200 ]]; then
        info "$name: ready after $(since "$start") s"
      elif ! service_pid "$svc" "$r" >/dev/null && ! supervisor_pid "$name" >/dev/null; then
        printf 'ERROR: %s exited during start-up\n' "$name" >&2
        log_tail "$LOG_DIR/$name.log"
        failed=1
      elif (($(restart_count "$name") > ${restarts[$name]})); then
        printf 'ERROR: %s exited during start-up%s; its supervisor keeps restarting it (deploy/down stops it)\n' \
          "$name" "$(restart_note "$name")" >&2
        log_tail "$LOG_DIR/$name.log"
        failed=1
      else
        still+=("$inst")
      fi
    done
    pending=("${still[@]+"${still[@]}"}")
    ((${#pending[@]} == 0)) && break
    if (($(date +%s) >= deadline)); then
      for inst in "${pending[@]}"; do
        read -r svc r <<<"$inst"
        name=$(replica_name "$svc" "$r")
        printf 'ERROR: %s did not become ready (GET /q/health/ready) within %s s\n' "$name" "$SERVICE_START_TIMEOUT" >&2
        log_tail "$LOG_DIR/$name.log"
      done
      failed=1
      break
    fi
    sleep 1
  done
  return "$failed"
}

# True when a file of the service's fast-jar is newer than replica <r>'s pid file (it was rebuilt
# after it started), so `up` runs what was just built instead of leaving old code running.
service_rebuilt() { rebuilt_since_start "$(dirname "$(service_jar "$1")")" "$(replica_name "$1" "${2:-1}")"; }

# True when a file under <path> (a folder or a jar) is newer than <name>'s pid file.
rebuilt_since_start() {
  [[ -n $(find "$1" -type f -newer "$RUN_DIR/$2.pid" -print -quit 2>/dev/null) ]]
}

# Stops every replica of every service in parallel (whatever the wanted count); one line each, in order.
services_down() {
  local svc r out
  out=$(mktemp -d)
  for svc in "${SERVICES[@]}"; do
    for r in $(replicas_known "$svc"); do
      service_stop "$svc" "$r" >"$out/$svc-$r" 2>&1 &
    done
  done
  wait
  for svc in "${SERVICES[@]}"; do
    for r in $(seq 1 "$MAX_REPLICAS"); do
      if [[ -f $out/$svc-$r ]]; then cat "$out/$svc-$r"; fi
    done
  done
  [[ -n $(ls -A "$out") ]] || info "services: none running"
  rm -rf "$out"
}

# ---------------------------------------------------------------------------------------------
# The local compute driver: the agent in host mode (agent/README.md). It consumes
# the desired states on hearth.compute.servers (docs/compute-drivers.md) and runs each server as its own agent, in $COMPUTE_DIR/servers/<id>,
# with its own loopback address. Servers outlive a restart of the host (like VMs); processes their
# hooks started in the background are stopped with the host by deploy/down.
# ---------------------------------------------------------------------------------------------

compute_pid() { live_pid "$RUN_DIR/compute.pid" "$AGENT_JAR"; }

compute_start() {
  local pid java_opts=() jvm_env=()
  read -r -a java_opts <<<"$(compute_jvm_opts) $HEARTH_JAVA_OPTS"
  read -r -a jvm_env <<<"$(compute_env)"
  mkdir -p "$COMPUTE_DIR"
  rotate_log "$LOG_DIR/compute.log"
  pid=$(supervised_start compute "$LOG_DIR/compute.log" "$COMPUTE_DIR" \
    env "${jvm_env[@]}" java "${JVM_SAFETY_OPTS[@]}" "${java_opts[@]}" -jar "$AGENT_JAR" host \
    --bootstrap-servers "$KAFKA_BOOTSTRAP" --state-dir "$COMPUTE_DIR")
  info "compute (local driver): started pid $pid, supervised, servers in $COMPUTE_DIR/servers (log $LOG_DIR/compute.log)"
}

compute_up() {
  local pid="" sup=""
  step "Local compute driver"
  pid=$(compute_pid) || sup=$(supervisor_pid compute) || true
  if [[ -n $pid$sup ]] && rebuilt_since_start "$AGENT_JAR" compute; then
    info "compute: rebuilt since it started (pid ${pid:-restarting}); restarting it"
    supervised_stop compute "$AGENT_JAR"
    compute_start
  elif [[ -n $pid ]]; then
    info "compute: already running (pid $pid), left alone"
    return 0
  elif [[ -n $sup ]]; then
    info "compute: being restarted by its supervisor (pid $sup)$(restart_note compute), left to it"
    return 0
  else
    compute_start
  fi
  sleep 1
  if ! compute_pid >/dev/null; then
    printf 'ERROR: the local compute driver exited during start-up\n' >&2
    log_tail "$LOG_DIR/compute.log"
    return 1
  fi
}

# Stops the host, then whatever the servers' hooks left running in the background (a process whose
# command line names a server directory, e.g. the example's database).
compute_down() {
  supervised_stop compute "$AGENT_JAR"
  local left
  left=$(pgrep -f "$COMPUTE_DIR/servers/" 2>/dev/null || true)
  if [[ -n $left ]]; then
    # shellcheck disable=SC2086
    kill $left 2>/dev/null || true
    info "compute: stopped $(wc -w <<<"$left") process(es) the servers' hooks had started"
  fi
}

compute_status_row() {
  local pid
  if pid=$(compute_pid); then
    status_row compute - running "$pid" "$(find "$COMPUTE_DIR/servers" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l) server(s)" "$(rss_mb "$pid")" "yes$(restart_note compute)"
    return 0
  fi
  if supervisor_pid compute >/dev/null; then
    status_row compute - restarting - - - "no$(restart_note compute)"
    return 1
  fi
  if [[ ${HEARTH_LOCAL_COMPUTE:-1} == 0 ]]; then
    status_row compute - off - - - "(HEARTH_LOCAL_COMPUTE=0)"
    return 0
  fi
  status_row compute - stopped - - - -
  return 1
}

# ---------------------------------------------------------------------------------------------
# Status table (deploy/status and the end of deploy/up). Returns the number of components that
# are not up and ready.
# ---------------------------------------------------------------------------------------------

status_row() { printf '%-20s %-8s %-10s %-8s %-24s %7s  %s\n' "$@"; }

# Resident memory of a process in MB (VmRSS), "-" when it is gone.
rss_mb() {
  awk '/^VmRSS:/ { printf "%d\n", $2 / 1024; found = 1 } END { if (!found) print "-" }' "/proc/$1/status" 2>/dev/null || printf -- '-\n'
}

# Memory of the PostgreSQL cluster whose postmaster is <pid>, in MB: the proportional set size (PSS) of the
# postmaster and every backend, so shared buffers count once (an RSS sum counts them once per backend);
# the RSS sum where smaps_rollup cannot be read (not root).
pg_memory_mb() {
  local pid=$1 pids
  pids="$pid $(pgrep -P "$pid" 2>/dev/null | tr '\n' ' ')"
  # shellcheck disable=SC2086
  if [[ -r /proc/$pid/smaps_rollup ]] && cat /proc/$pid/smaps_rollup >/dev/null 2>&1; then
    for p in $pids; do cat "/proc/$p/smaps_rollup" 2>/dev/null; done |
      awk '/^Pss:/ { kb += $2 } END { printf "%d\n", kb / 1024 }'
  else
    for p in $pids; do cat "/proc/$p/status" 2>/dev/null; done |
      awk '/^VmRSS:/ { kb += $2 } END { printf "%d\n", kb / 1024 }'
  fi
}

service_status_rows() {
  local svc=$1 bad=0 r name port pid code ready
  for r in $(replicas_all "$svc"); do
    name=$(replica_name "$svc" "$r")
    port=$(replica_port "$svc" "$r")
    if pid=$(service_pid "$svc" "$r"); then
      code=$(service_health "$svc" "$r")
      case $code in
        200) ready=yes ;;
        000) ready="no (no answer)" ;;
        *) ready="no (HTTP $code)" ;;
      esac
      [[ $code == 200 ]] || bad=$((bad + 1))
      ((r <= $(replica_count "$svc"))) || ready+=" (beyond the wanted $(replica_count "$svc"); deploy/up stops it)"
      status_row "$svc" "$r" running "$pid" "http://127.0.0.1:$port" "$(rss_mb "$pid")" "$ready$(restart_note "$name")"
    elif supervisor_pid "$name" >/dev/null; then
      status_row "$svc" "$r" restarting - "http://127.0.0.1:$port" - "no$(restart_note "$name")"
      bad=$((bad + 1))
    elif port_in_use "$port"; then
      status_row "$svc" "$r" foreign - "http://127.0.0.1:$port" - "port held by $(port_owner "$port")"
      bad=$((bad + 1))
    else
      status_row "$svc" "$r" stopped - "http://127.0.0.1:$port" - -
      bad=$((bad + 1))
    fi
  done
  return "$bad"
}

status_table() {
  local bad=0 pid svc ready cluster ver name status datadir n
  status_row COMPONENT REPLICA STATE PID ADDRESS RSS_MB READY

  if pid=$(kafka_pid); then
    if port_open "$KAFKA_PORT"; then ready=yes; else ready="no (port closed)" && bad=$((bad + 1)); fi
    status_row kafka - running "$pid" "127.0.0.1:$KAFKA_PORT" "$(rss_mb "$pid")" "$ready"
  elif port_in_use "$KAFKA_PORT"; then
    status_row kafka - foreign - "127.0.0.1:$KAFKA_PORT" - "port held by $(port_owner "$KAFKA_PORT")"
    bad=$((bad + 1))
  else
    status_row kafka - stopped - "127.0.0.1:$KAFKA_PORT" - -
    bad=$((bad + 1))
  fi

  cluster=$(pg_cluster)
  if [[ -z $cluster ]]; then
    if command -v pg_lsclusters >/dev/null 2>&1; then
      status_row postgres - missing - "127.0.0.1:$PGPORT" - "no cluster on port $PGPORT"
    else
      status_row postgres - missing - "127.0.0.1:$PGPORT" - "PostgreSQL not installed"
    fi
    bad=$((bad + 1))
  else
    read -r ver name status datadir <<<"$cluster"
    if [[ $status == online* ]]; then
      if pg_isready -q -h 127.0.0.1 -p "$PGPORT"; then ready="yes (cluster $ver/$name, memory: PSS of all its processes)"; else ready="no" && bad=$((bad + 1)); fi
      pid=$(pg_postmaster_pid "$datadir")
      status_row postgres - running "$pid" "127.0.0.1:$PGPORT" "$(pg_memory_mb "$pid")" "$ready"
    else
      status_row postgres - stopped - "127.0.0.1:$PGPORT" - "(cluster $ver/$name)"
      bad=$((bad + 1))
    fi
  fi

  for svc in "${SERVICES[@]}"; do
    service_status_rows "$svc" || bad=$((bad + $?))
  done
  compute_status_row || bad=$((bad + 1))
  keystone_status_row || bad=$((bad + 1))
  return "$bad"
}

# shellcheck source-path=SCRIPTDIR source=keystone.sh
source "$DEPLOY_DIR/keystone.sh"
