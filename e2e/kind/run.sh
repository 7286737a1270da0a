#!/usr/bin/env bash
# kind end to end: a kind cluster, the four images built and loaded, PostgreSQL and Temporal,
# the chart (CRDs included), a sample Company and Connection, the session pod Ready and a
# console page and a login through a port-forward of the api, which serves both. Needs Docker,
# kind, helm and kubectl; see README.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
KIND_DIR="$ROOT/e2e/kind"
CLUSTER="${CLUSTER:-atendo-e2e}"
NAMESPACE="${NAMESPACE:-atendo}"
TAG="${TAG:-e2e}"
KEEP="${KEEP:-0}"
ADMIN_EMAIL="admin@atendo.local"
ADMIN_PASSWORD="${ADMIN_PASSWORD:-e2e-admin-password}"
API_PORT="${API_PORT:-18080}"
IMAGES=(api worker operator session postgres temporal)
PF_PID=""

log() { printf '\n==> %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

for tool in docker kind helm kubectl curl node; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed (see e2e/kind/README.md)"
done

cleanup() {
  local status=$?
  if [[ -n "$PF_PID" ]]; then kill "$PF_PID" 2>/dev/null || true; fi
  if [[ $status -ne 0 ]]; then
    log "diagnostics"
    kubectl -n "$NAMESPACE" get all,connections 2>/dev/null || true
    kubectl get companies 2>/dev/null || true
    kubectl -n "$NAMESPACE" logs deploy/atendo-operator --tail=50 2>/dev/null || true
    kubectl -n "$NAMESPACE" logs deploy/atendo-api --tail=50 2>/dev/null || true
  fi
  if [[ "$KEEP" != "1" ]]; then
    log "deleting kind cluster $CLUSTER (KEEP=1 keeps it)"
    kind delete cluster --name "$CLUSTER" >/dev/null 2>&1 || true
  fi
  exit "$status"
}
trap cleanup EXIT

log "kind cluster $CLUSTER"
if ! kind get clusters 2>/dev/null | grep -qx "$CLUSTER"; then
  kind create cluster --name "$CLUSTER" --wait 120s
fi
kubectl config use-context "kind-$CLUSTER" >/dev/null

log "building and loading images (tag $TAG)"
# The same builder as the single-node cluster (e2e/cluster/images.mjs), on Docker Hub's bases.
CONTAINER_ENGINE=docker TAG="$TAG" node "$ROOT/e2e/cluster/images.mjs" --registry-base \
  --only "$(IFS=,; echo "${IMAGES[*]}")"
for image in "${IMAGES[@]}"; do
  kind load docker-image --name "$CLUSTER" "docker.io/atendo/$image:$TAG"
done

log "PostgreSQL and Temporal"
sed "s/:TAG\$/:$TAG/" "$ROOT/e2e/cluster/infra.yaml" | kubectl apply -f -
kubectl -n atendo-infra rollout status deploy/postgres --timeout=180s
kubectl -n atendo-infra rollout status deploy/temporal --timeout=180s

log "helm install (CRDs from charts/atendo/crds)"
helm upgrade --install atendo "$ROOT/charts/atendo" \
  --namespace "$NAMESPACE" --create-namespace \
  --set image.tag="$TAG" \
  --set image.pullPolicy=Never \
  --set config.frontendUrl="http://localhost:$API_PORT" \
  --set config.adminEmail="$ADMIN_EMAIL" \
  --set auth.adminPassword="$ADMIN_PASSWORD" \
  --set externalDatabase.host=postgres.atendo-infra.svc.cluster.local \
  --set externalDatabase.password=atendo-e2e \
  --set externalTemporal.address=temporal.atendo-infra.svc.cluster.local:7233 \
  --set operator.replicaCount=1 \
  --wait --timeout 10m
kubectl wait --for=condition=Established --timeout=60s crd/companies.atendo.io crd/connections.atendo.io

log "sample Company"
kubectl apply -f "$KIND_DIR/samples/company.yaml"
company_id=""
for _ in $(seq 1 60); do
  company_id="$(kubectl get company acme -o jsonpath='{.status.companyId}' 2>/dev/null || true)"
  [[ -n "$company_id" ]] && break
  sleep 2
done
[[ -n "$company_id" ]] || fail "the operator did not provision Company acme (no status.companyId)"
kubectl get companies

log "sample Connection (company $company_id)"
sed "s/COMPANY_ID/$company_id/" "$KIND_DIR/samples/connection.yaml" | kubectl apply -f -
for _ in $(seq 1 60); do
  kubectl -n "$NAMESPACE" get pods -l app.kubernetes.io/name=atendo-session -o name 2>/dev/null | grep -q . && break
  sleep 2
done
kubectl -n "$NAMESPACE" wait --for=condition=Ready pod -l app.kubernetes.io/name=atendo-session,app.kubernetes.io/instance=acme-whatsapp --timeout=300s
ready="$(kubectl -n "$NAMESPACE" get connection acme-whatsapp -o jsonpath='{.status.ready}')"
[[ "$ready" == "true" ]] || fail "Connection acme-whatsapp is not Ready (status.ready=$ready)"
kubectl -n "$NAMESPACE" get connections

log "console and login through a port-forward (one origin)"
kubectl -n "$NAMESPACE" port-forward svc/atendo-api "$API_PORT:8080" >/dev/null 2>&1 &
PF_PID=$!
for _ in $(seq 1 30); do
  curl -fsS "http://127.0.0.1:$API_PORT/health" >/dev/null 2>&1 && break
  sleep 1
done
page="$(curl -fsS -H 'Accept: text/html' -H 'Sec-Fetch-Mode: navigate' "http://127.0.0.1:$API_PORT/tickets")" \
  || fail "the console page did not load"
grep -q '<div id="root">' <<<"$page" || fail "a page load of /tickets did not answer the console: $page"
response="$(curl -fsS -X POST "http://127.0.0.1:$API_PORT/auth/login" \
  -H 'content-type: application/json' \
  --data "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}")" || fail "login request failed"
grep -q '"token"' <<<"$response" || fail "login answered without a token: $response"

log "kind e2e passed"
