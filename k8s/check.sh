#!/usr/bin/env bash
# Renders both overlays and checks the result; exits non-zero on the first overlay that does
# not render or on any finding of k8s/check.py. Needs kubectl (for kustomize) and python3 with
# PyYAML. When contracts/ is built and java is on the PATH, the KafkaTopics are also compared
# with io.hearth.contracts.Topics.
#
#   k8s/check.sh              # before installing: fails while prod has a CHANGE-ME placeholder
#   k8s/check.sh --template   # the repository's overlays as shipped: lists the placeholders instead
set -euo pipefail

template=()
case ${1:-} in
  --template) template=(--template) ;;
  "") ;;
  *) echo "usage: k8s/check.sh [--template]" >&2; exit 2 ;;
esac

k8s_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(dirname "$k8s_dir")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for overlay in dev prod; do
  if ! kubectl kustomize "$k8s_dir/overlays/$overlay" >"$out/$overlay.yaml" 2>"$out/$overlay.err"; then
    echo "FAIL: k8s/overlays/$overlay does not render:" >&2
    cat "$out/$overlay.err" >&2
    exit 1
  fi
  echo "rendered k8s/overlays/$overlay: $(grep -c '^kind: ' "$out/$overlay.yaml") objects"
done
kubectl kustomize "$k8s_dir/monitoring" >"$out/monitoring.yaml" && echo "rendered k8s/monitoring: $(grep -c '^kind: ' "$out/monitoring.yaml") objects"

topics_args=()
classes=$repo_root/contracts/target/classes
if [[ -f $classes/io/hearth/contracts/Topics.class ]] && command -v java >/dev/null; then
  java -cp "$classes" io.hearth.contracts.Topics >"$out/topics.txt"
  topics_args=(--contract-topics "$out/topics.txt")
else
  echo "note: contracts/ not built (or no java): KafkaTopics checked against the built-in list only"
fi

python3 "$k8s_dir/check.py" --dev "$out/dev.yaml" --prod "$out/prod.yaml" "${topics_args[@]}" "${template[@]}"
