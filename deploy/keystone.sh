# shellcheck shell=bash
# Keystone for the local system (sourced by lib.sh): with HEARTH_AUTH=keystone, deploy/up starts Debian's
# keystone package (installed with apt-get when missing) on 127.0.0.1:$KEYSTONE_PORT under Debian's waitress (one
# request at a time: sqlite), supervised,
# with its sqlite database, fernet and credential keys under $HEARTH_HOME/keystone; registers Hearth as the
# orchestration service (keystone/setup.py) and writes $HEARTH_HOME/clouds.yaml for the openstack CLI.
# deploy/down stops it whatever HEARTH_AUTH says; deploy/status shows it while it runs or is asked for.

HEARTH_AUTH=${HEARTH_AUTH:-static}
KEYSTONE_PORT=${KEYSTONE_PORT:-5000}
KEYSTONE_URL=http://127.0.0.1:$KEYSTONE_PORT/v3
KEYSTONE_DIR=$HEARTH_HOME/keystone
KEYSTONE_CONF=$KEYSTONE_DIR/keystone.conf
KEYSTONE_PASSWORDS=$KEYSTONE_DIR/passwords # generated once: admin, hearth (service user), demo, other, reader
CLOUDS_YAML=$HEARTH_HOME/clouds.yaml
KEYSTONE_PATTERN="keystone/serve.py 127.0.0.1 $KEYSTONE_PORT"

keystone_wanted() { [[ $HEARTH_AUTH == keystone ]]; }
keystone_pid() { live_pid "$RUN_DIR/keystone.pid" "$KEYSTONE_PATTERN"; }

# Debian's keystone and the openstack CLI, installed quietly when missing.
keystone_install() {
  local missing=()
  command -v keystone-manage >/dev/null 2>&1 || missing+=(keystone)
  /usr/bin/python3 -c "import waitress" 2>/dev/null || missing+=(python3-waitress)
  command -v openstack >/dev/null 2>&1 || missing+=(python3-openstackclient)
  /usr/bin/python3 -c "import heatclient" 2>/dev/null || missing+=(python3-heatclient)
  ((${#missing[@]} == 0)) && return 0
  info "keystone: installing ${missing[*]} (Debian)"
  apt_packages "${missing[@]}"
}

keystone_passwords() {
  if [[ ! -s $KEYSTONE_PASSWORDS ]]; then
    local who
    (
      umask 077
      for who in ADMIN HEARTH DEMO OTHER READER; do
        printf 'KEYSTONE_%s_PASSWORD=%s\n' "$who" "$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
      done >"$KEYSTONE_PASSWORDS"
    )
  fi
  # shellcheck disable=SC1090
  source "$KEYSTONE_PASSWORDS"
}

# Configuration, database, keys and the bootstrap (admin user and project, RegionOne, identity endpoints): once.
keystone_prepare() {
  mkdir -p "$KEYSTONE_DIR/fernet-keys" "$KEYSTONE_DIR/credential-keys"
  keystone_passwords
  cat >"$KEYSTONE_CONF" <<CONF
# Written by deploy/ (deploy/keystone.sh)
[DEFAULT]
use_stderr = true
[database]
connection = sqlite:///$KEYSTONE_DIR/keystone.db
[token]
provider = fernet
[fernet_tokens]
key_repository = $KEYSTONE_DIR/fernet-keys
[fernet_receipts]
key_repository = $KEYSTONE_DIR/fernet-keys
[credential]
key_repository = $KEYSTONE_DIR/credential-keys
CONF
  if [[ -f $KEYSTONE_DIR/bootstrapped ]]; then
    keystone_wal
    return 0
  fi
  local manage=(keystone-manage --config-file "$KEYSTONE_CONF")
  {
    "${manage[@]}" db_sync &&
      "${manage[@]}" fernet_setup --keystone-user "$(id -un)" --keystone-group "$(id -gn)" &&
      "${manage[@]}" credential_setup --keystone-user "$(id -un)" --keystone-group "$(id -gn)" &&
      "${manage[@]}" bootstrap --bootstrap-password "$KEYSTONE_ADMIN_PASSWORD" \
        --bootstrap-admin-url "$KEYSTONE_URL" --bootstrap-internal-url "$KEYSTONE_URL" \
        --bootstrap-public-url "$KEYSTONE_URL" --bootstrap-region-id RegionOne
  } >>"$LOG_DIR/keystone-manage.log" 2>&1 || {
    log_tail "$LOG_DIR/keystone-manage.log"
    die "keystone-manage failed (log $LOG_DIR/keystone-manage.log)"
  }
  keystone_wal
  touch "$KEYSTONE_DIR/bootstrapped"
}

# sqlite in write-ahead-log mode: a session that reads does not lock out one that writes ("database is locked"
# on Keystone's catalog writes otherwise).
keystone_wal() {
  /usr/bin/python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("pragma journal_mode=wal").fetchall()' \
    "$KEYSTONE_DIR/keystone.db"
}

keystone_start() {
  local pid
  rotate_log "$LOG_DIR/keystone.log"
  pid=$(supervised_start keystone "$LOG_DIR/keystone.log" "$KEYSTONE_DIR" env \
    OS_KEYSTONE_CONFIG_FILES="$KEYSTONE_CONF" \
    /usr/bin/python3 "$DEPLOY_DIR/keystone/serve.py" 127.0.0.1 "$KEYSTONE_PORT")
  info "keystone: started pid $pid on $KEYSTONE_URL, supervised (log $LOG_DIR/keystone.log)"
}

keystone_up() {
  local pid="" sup="" i
  keystone_wanted || return 0
  step "Keystone"
  keystone_install
  pid=$(keystone_pid) || sup=$(supervisor_pid keystone) || true
  if [[ -n $pid ]]; then
    info "keystone: already running (pid $pid, $KEYSTONE_URL), left alone"
    keystone_passwords
  else
    [[ -n $sup ]] || require_free_port "$KEYSTONE_PORT" "Keystone" "set KEYSTONE_PORT to another port"
    keystone_prepare
    [[ -n $sup ]] || keystone_start
  fi
  for ((i = 0; i < 60; i++)); do
    [[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$KEYSTONE_URL") == 200 ]] && break
    sleep 1
  done
  ((i < 60)) || { log_tail "$LOG_DIR/keystone.log"; die "keystone did not answer on $KEYSTONE_URL within 60 s"; }
  OS_PASSWORD=$KEYSTONE_ADMIN_PASSWORD HEARTH_PASSWORD=$KEYSTONE_HEARTH_PASSWORD DEMO_PASSWORD=$KEYSTONE_DEMO_PASSWORD \
    OTHER_PASSWORD=$KEYSTONE_OTHER_PASSWORD READER_PASSWORD=$KEYSTONE_READER_PASSWORD \
    /usr/bin/python3 "$DEPLOY_DIR/keystone/setup.py" "$KEYSTONE_URL" \
    "http://127.0.0.1:${SERVICE_PORT[template-service]}/v1/%(project_id)s" >>"$LOG_DIR/keystone-manage.log" 2>&1 ||
    { log_tail "$LOG_DIR/keystone-manage.log"; die "registering Hearth in Keystone failed"; }
  keystone_clouds_yaml
  info "keystone: ready; Hearth is its orchestration service; clouds in $CLOUDS_YAML"
}

# clouds.yaml for the openstack CLI: OS_CLIENT_CONFIG_FILE=$CLOUDS_YAML openstack --os-cloud hearth-demo stack list
keystone_clouds_yaml() {
  local cloud name user project password
  (
    umask 077
    printf '# Written by deploy/up (HEARTH_AUTH=keystone): OS_CLIENT_CONFIG_FILE=%s openstack --os-cloud hearth-demo stack list\nclouds:\n' "$CLOUDS_YAML"
    for cloud in admin:admin:admin:"$KEYSTONE_ADMIN_PASSWORD" demo:demo:demo:"$KEYSTONE_DEMO_PASSWORD" \
      other:other:other:"$KEYSTONE_OTHER_PASSWORD" reader:reader:demo:"$KEYSTONE_READER_PASSWORD"; do
      IFS=: read -r name user project password <<<"$cloud"
      cat <<YAML
  hearth-$name:
    auth:
      auth_url: $KEYSTONE_URL
      username: $user
      password: $password
      project_name: $project
      user_domain_name: Default
      project_domain_name: Default
    region_name: RegionOne
    interface: public
    identity_api_version: 3
YAML
    done
  ) >"$CLOUDS_YAML"
}

keystone_down() {
  if keystone_pid >/dev/null || supervisor_pid keystone >/dev/null; then
    supervised_stop keystone "$KEYSTONE_PATTERN"
  fi
}

# The services' Keystone settings (NAME=value lines); none unless HEARTH_AUTH=keystone.
keystone_env() {
  keystone_wanted || return 0
  keystone_passwords
  printf '%s\n' HEARTH_AUTH_MODE=keystone "HEARTH_AUTH_KEYSTONE_URL=$KEYSTONE_URL" HEARTH_AUTH_KEYSTONE_USERNAME=hearth \
    "HEARTH_AUTH_KEYSTONE_PASSWORD=$KEYSTONE_HEARTH_PASSWORD" HEARTH_AUTH_KEYSTONE_PROJECT=service
  if [[ -n ${HEARTH_AUTH_KEYSTONE_CACHE_TTL:-} ]]; then
    printf 'HEARTH_AUTH_KEYSTONE_CACHE_TTL=%s\n' "$HEARTH_AUTH_KEYSTONE_CACHE_TTL"
  fi
}

# deploy/status's row: shown while Keystone runs or is wanted; counts as not up only when wanted.
keystone_status_row() {
  local pid
  if pid=$(keystone_pid); then
    status_row keystone - running "$pid" "$KEYSTONE_URL" "$(rss_mb "$pid")" "yes (clouds: $CLOUDS_YAML)$(restart_note keystone)"
  elif keystone_wanted; then
    status_row keystone - stopped - "$KEYSTONE_URL" - -
    return 1
  fi
  return 0
}

# Restarts the running services when HEARTH_AUTH differs from the mode they were started with.
auth_mode_switch() {
  local before=static
  [[ -s $RUN_DIR/auth.mode ]] && before=$(<"$RUN_DIR/auth.mode")
  if [[ $before != "$HEARTH_AUTH" ]]; then
    info "services: authentication switches from $before to $HEARTH_AUTH; restarting the running ones"
    (services_down) # a subshell: its `wait` must not wait for the broker deploy/up started
  fi
  printf '%s\n' "$HEARTH_AUTH" >"$RUN_DIR/auth.mode"
}
