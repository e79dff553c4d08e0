#!/usr/bin/env bash
# Builds the container image (deploy/Containerfile) and checks that it starts and serves: the
# base image from debootstrap (no registry is reachable here), the image, then a container on the
# host network with a fresh data volume — GET /readyz 200 and the web app's page at /. Not part
# of `npm test` (it takes 10–20 minutes); run it as root on Debian: npm run test:container.
# Needs: podman runc debootstrap (apt-get install -y podman runc debootstrap).
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
fi
echo "[container] building $IMAGE"
start=$(date +%s)
# The host's trust store for the build's downloads (apt, the npm registry), e.g. an egress
# proxy's CA; the image keeps its own.
TRUST=(-v /etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt)
podman build "${RUNTIME[@]}" --network=host "${LIMITS[@]}" "${TRUST[@]}" -f deploy/Containerfile -t "$IMAGE" . >/dev/null
echo "[container] built in $(( $(date +%s) - start )) s, $(podman image inspect "$IMAGE" --format '{{.Size}}') bytes"

name="meet-test-$$"
podman run -d --name "$name" "${RUNTIME[@]}" "${LIMITS[@]}" --network=host -e PORT="$PORT" "$IMAGE" >/dev/null
cleanup() { podman rm -f "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
ok=""
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then ok=1; break; fi
  sleep 1
done
if [ -z "$ok" ]; then
  echo "[container] FAILED: /readyz never answered 200"; podman logs "$name" | tail -30; exit 1
fi
curl -fsS "http://127.0.0.1:$PORT/" | grep -q '<div id="root">' \
  || { echo "[container] FAILED: / does not serve the web app"; exit 1; }
echo "[container] OK: /readyz 200 and the web app served on port $PORT"
