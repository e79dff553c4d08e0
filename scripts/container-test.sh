#!/usr/bin/env bash
# Builds the container image (deploy/Containerfile) and checks that it starts and serves: the
# base image from debootstrap (no registry is reachable here), the image, then a container on the
# host network with a fresh data volume — GET /readyz 200 and the web app's page at /; then
# deploy/compose.yaml's stack (PostgreSQL, Redis, coturn and the server, images from
# deploy/services.Containerfile) — /readyz 200 on PostgreSQL, the server's tables in it, its
# subscriptions in Redis, a TURN allocation with TURN_SECRET (and none with another secret). Not
# part of `npm test` (4–6 minutes from nothing, 1 with the images built); run it as root on
# Debian: npm run test:container.
# CONTAINER_TEST_IMAGE=<an image already built> skips building the server's image.
# Needs: podman runc debootstrap podman-compose (apt-get install -y podman runc debootstrap
# podman-compose).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${CONTAINER_TEST_PORT:-4399}"
BASE=localhost/debian-base:bookworm
IMAGE=localhost/meet:test
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# This sandbox's kernel refuses the default rlimits of crun/runc (setrlimit NOFILE/NPROC to the
# host's values); explicit lower ones pass. runc is used: crun stops at cgroups v1 ("hybrid mode").
LIMITS=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)
RUNTIME=(--runtime runc)

if ! podman image exists "$BASE"; then
  rootfs="$(mktemp -d)"
  trap 'rm -rf "$rootfs"' EXIT
  echo "[container] debootstrap bookworm from $MIRROR"
  debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >/dev/null
  tar -C "$rootfs" -c . | podman import - "$BASE" >/dev/null
  rm -rf "$rootfs"; trap - EXIT
fi
start=$(date +%s)
if [ -n "${CONTAINER_TEST_IMAGE:-}" ]; then
  IMAGE="$CONTAINER_TEST_IMAGE"; echo "[container] using $IMAGE"
else
  echo "[container] building $IMAGE"
  # The host's trust store for the build's downloads (apt, the npm registry), e.g. an egress
  # proxy's CA; the image keeps its own.
  TRUST=(-v /etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt)
  podman build "${RUNTIME[@]}" --network=host "${LIMITS[@]}" "${TRUST[@]}" -f deploy/Containerfile -t "$IMAGE" . >/dev/null
  echo "[container] built in $(( $(date +%s) - start )) s, $(podman image inspect "$IMAGE" --format '{{.Size}}') bytes"
fi

# The server in container $2 answers /readyz 200 within 2 minutes and serves the web app at /.
serves() {
  local ok=""
  for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then ok=1; break; fi
    sleep 1
  done
  if [ -z "$ok" ]; then
    echo "[$1] FAILED: /readyz never answered 200"; podman logs "$2" | tail -30; exit 1
  fi
  curl -fsS "http://127.0.0.1:$PORT/" | grep -q '<div id="root">' \
    || { echo "[$1] FAILED: / does not serve the web app"; exit 1; }
}

name="meet-test-$$"
podman run -d --name "$name" "${RUNTIME[@]}" "${LIMITS[@]}" --network=host -e PORT="$PORT" "$IMAGE" >/dev/null
cleanup() { podman rm -f -v "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
serves container "$name"
echo "[container] OK: /readyz 200 and the web app served on port $PORT"
cleanup

# The compose stack, all on the host network: the server on PORT, PostgreSQL on PORT+1, Redis on
# PORT+2, coturn on PORT+3 (and PORT+4, its alternative port).
echo "[compose] building the PostgreSQL, Redis and coturn images"
start=$(date +%s)
for target in postgres redis coturn; do
  podman build "${RUNTIME[@]}" --network=host "${LIMITS[@]}" --target "$target" \
    -f deploy/services.Containerfile -t "localhost/meet-$target" deploy >/dev/null
done
echo "[compose] built in $(( $(date +%s) - start )) s"
podman tag "$IMAGE" localhost/meet
# podman-compose 1.0.3 (Debian bookworm's) adds its project network to every container, which
# podman refuses beside network_mode: host; this shim drops it, and adds runc and the limits.
shim="$(mktemp)"
cat >"$shim" <<SHIM
#!/usr/bin/env bash
args=(); skip=0
for a in "\$@"; do
  if [ "\$skip" = 1 ]; then skip=0; continue; fi
  case "\$a" in --net|--network-alias) skip=1; continue ;; esac
  args+=("\$a")
done
if [ "\$1" = run ]; then args=(run ${RUNTIME[*]} ${LIMITS[*]} "\${args[@]:1}"); fi
exec podman "\${args[@]}"
SHIM
chmod +x "$shim"
export POSTGRES_PASSWORD="test-$$-$RANDOM" TURN_SECRET="turn-test-$$-$RANDOM-secret"
export PORT POSTGRES_PORT=$((PORT + 1)) REDIS_PORT=$((PORT + 2)) TURN_PORT=$((PORT + 3))
export TURN_URLS="turn:127.0.0.1:$TURN_PORT"
project="meet-test-$$"
compose=(podman-compose -p "$project" --podman-path "$shim" -f deploy/compose.yaml)
cleanup() {
  "${compose[@]}" down -v >/dev/null 2>&1 || true
  podman volume rm -f "${project}_postgres-data" "${project}_meet-data" >/dev/null 2>&1 || true
  podman network rm "${project}_default" >/dev/null 2>&1 || true
  rm -f "$shim"
}
"${compose[@]}" up -d >/dev/null 2>&1 || { echo "[compose] FAILED: up"; exit 1; }
serves compose "${project}_meet_1"
tables=$(podman exec -e PGPASSWORD="$POSTGRES_PASSWORD" "${project}_postgres_1" psql -h 127.0.0.1 \
  -p "$POSTGRES_PORT" -U meet -d meet -Atc "select count(*) from information_schema.tables where table_schema = 'public'")
[ "$tables" -gt 0 ] || { echo "[compose] FAILED: no tables in PostgreSQL"; exit 1; }
channels=$(podman exec "${project}_redis_1" redis-cli -p "$REDIS_PORT" pubsub channels | grep -c . || true)
[ "$channels" -gt 0 ] || { echo "[compose] FAILED: the server subscribed to nothing in Redis"; exit 1; }
# A TURN allocation with credentials from TURN_SECRET, the client sending through the relay (it
# then waits for its peer's answer until the timeout); a wrong secret is refused at once.
turn() { podman exec "${project}_coturn_1" timeout 5 turnutils_uclient -W "$1" -p "$TURN_PORT" \
  -n 1 -m 1 -e "${2:-192.0.2.1}" -r 9 127.0.0.1 2>&1 || true; }
turn "$TURN_SECRET" | grep -q 'tot_send_msgs=[1-9]' \
  || { echo "[compose] FAILED: no TURN allocation with TURN_SECRET"; exit 1; }
# The media server is on this machine, often at a private address: the relay must reach it.
host_ip=$(hostname -I | awk '{print $1}')
turn "$TURN_SECRET" "$host_ip" | grep -q 'tot_send_msgs=[1-9]' \
  || { echo "[compose] FAILED: the relay does not reach this machine ($host_ip), where Janus is"; exit 1; }
turn wrong-secret-0123456789 | grep -q 'Cannot complete Allocation' \
  || { echo "[compose] FAILED: coturn took a wrong secret"; exit 1; }
echo "[compose] OK: /readyz 200 on PostgreSQL ($tables tables), $channels Redis channels, a TURN allocation on port $TURN_PORT"
