#!/usr/bin/env bash
# The full container build without a registry to pull from, as root, with buildah:
#
#   scripts/build-image.sh            # base (once), image, then boot it and ask /healthz
#   scripts/build-image.sh base       # only the base image
#   scripts/build-image.sh boot       # only boot the image built last time
#
# The Dockerfile's base is node:24-slim. Where no image can be pulled, this builds a stand-in
# for it: Debian bookworm from debootstrap, the Node 24 binary of the `node` npm package this
# repository already installs (run `npm ci` first), npm from the npm registry, and a `node`
# user (uid 1000) as the official image has. It is built once and kept in buildah's storage.
# When this machine trusts an extra certificate authority for Node (NODE_EXTRA_CA_CERTS, e.g. a
# network proxy's), the stand-in trusts it too, or npm ci could not reach the registry through
# that proxy; an image built FROM node:24-slim has no such setting.
# Needs buildah and debootstrap (`apt-get install buildah debootstrap`) and the Debian mirror.
#
# IMAGE (localhost/pawhaven:local), BASE_IMAGE (localhost/pawhaven-base:bookworm-node24),
# WORK_DIR (/var/tmp/pawhaven-image) and PORT (the port the booted image serves on, 3300)
# change the names and places.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-localhost/pawhaven:local}
BASE_IMAGE=${BASE_IMAGE:-localhost/pawhaven-base:bookworm-node24}
WORK_DIR=${WORK_DIR:-/var/tmp/pawhaven-image}
PORT=${PORT:-3300}
NPM_VERSION=${NPM_VERSION:-11}
buildah() { command buildah --storage-driver vfs "$@"; }
seconds() { echo "$(($(date +%s) - $1)) s"; }

build_base() {
  if buildah inspect --type image "$BASE_IMAGE" >/dev/null 2>&1; then
    echo "base: $BASE_IMAGE is already built"
    return
  fi
  local node_bin=node_modules/node/bin/node
  [[ -x $node_bin ]] || { echo "no $node_bin: run npm ci first" >&2; exit 1; }
  local started rootfs
  started=$(date +%s)
  rootfs="$WORK_DIR/rootfs"
  rm -rf "$rootfs" && mkdir -p "$rootfs"
  echo "base: debootstrap bookworm into $rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" >"$WORK_DIR/debootstrap.log"
  install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
  # npm itself, as the official image has it under /usr/local.
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  (cd "$WORK_DIR" && rm -f npm-*.tgz && npm pack "npm@$NPM_VERSION" --silent >/dev/null)
  tar -xzf "$WORK_DIR"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  local trust=()
  if [[ -r ${NODE_EXTRA_CA_CERTS:-} ]]; then
    install -m 0644 "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/share/extra-ca-certificates.crt"
    trust=(--env NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca-certificates.crt)
  fi
  chroot "$rootfs" /usr/sbin/groupadd --gid 1000 node
  chroot "$rootfs" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb
  tar -C "$rootfs" -cf "$WORK_DIR/rootfs.tar" .
  local container
  container=$(buildah from scratch)
  buildah add "$container" "$WORK_DIR/rootfs.tar" / >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "${trust[@]}" --cmd node "$container"
  buildah commit --quiet "$container" "$BASE_IMAGE" >/dev/null
  buildah rm "$container" >/dev/null
  rm -rf "$rootfs" "$WORK_DIR/rootfs.tar"
  echo "base: $BASE_IMAGE built in $(seconds "$started")"
}

build_image() {
  local started
  started=$(date +%s)
  echo "image: buildah bud $IMAGE from $BASE_IMAGE"
  buildah bud --isolation chroot --network host --layers=false --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "$IMAGE" . >"$WORK_DIR/bud.log" 2>&1 ||
    { tail -40 "$WORK_DIR/bud.log"; exit 1; }
  echo "image: built in $(seconds "$started") ($WORK_DIR/bud.log)"
  buildah images --format '{{.Name}}:{{.Tag}} {{.Size}}' "$IMAGE"
}

# Boots the image's own command (its ENV and CMD) with the host's network and a fresh data
# dir, waits for /healthz, prints it, and stops the container with SIGTERM.
boot_image() {
  local container data started pid status=0 cmd_args
  mapfile -t cmd_args < <(buildah inspect --type image "$IMAGE" |
    node -e 'for (const part of JSON.parse(require("fs").readFileSync(0, "utf8")).OCIv1.config.Cmd) console.log(part)')
  container=$(buildah from "$IMAGE")
  trap 'buildah rm "$container" >/dev/null 2>&1 || true' RETURN
  data=$(mktemp -d "$WORK_DIR/data.XXXXXX")
  chown 1000:1000 "$data"
  started=$(date +%s)
  echo "boot: buildah run $IMAGE (PORT=$PORT, data in $data)"
  buildah run --isolation chroot --network host --user node \
    --env "PORT=$PORT" --env "LOCALBASE_PORT=$((PORT + 50000))" --env "FTP_PORT=$((PORT + 1))" \
    --volume "$data:/data" "$container" -- "${cmd_args[@]}" >"$WORK_DIR/boot.log" 2>&1 &
  pid=$!
  local deadline=$((started + 180))
  until curl -fsS "http://127.0.0.1:$PORT/healthz" -o "$WORK_DIR/healthz.json" 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null || (($(date +%s) > deadline)); then
      echo "boot: /healthz did not answer 200; the image's log:"
      tail -30 "$WORK_DIR/boot.log"
      status=1
      break
    fi
    sleep 2
  done
  if ((status == 0)); then echo "boot: /healthz answered after $(seconds "$started"): $(cat "$WORK_DIR/healthz.json")"; fi
  # As `docker stop` would: SIGTERM to the image's command (PID 1 in a container), found among
  # the descendants of this buildah run.
  local target stopping
  target=$(descendant_with "$pid" scripts/start.ts)
  stopping=$(date +%s)
  if [[ -n $target ]]; then kill -TERM "$target"; else kill -TERM "$pid"; fi
  wait "$pid" || true
  echo "boot: stopped $(seconds "$stopping") after SIGTERM"
  return "$status"
}

# The first node process under $1 whose command line contains $2 (not buildah's own, whose
# arguments contain the image's command too).
descendant_with() {
  local queue=("$1") next
  while ((${#queue[@]})); do
    next=${queue[0]}
    queue=("${queue[@]:1}")
    if tr '\0' ' ' <"/proc/$next/cmdline" 2>/dev/null | grep -Eq -- "^(\S*/)?node .*$2"; then
      echo "$next"
      return
    fi
    mapfile -t -O "${#queue[@]}" queue < <(pgrep -P "$next")
  done
}

mkdir -p "$WORK_DIR"
if [[ ${1:-} == boot ]]; then
  boot_image
  exit
fi
build_base
[[ ${1:-} == base ]] && exit 0
build_image
boot_image
