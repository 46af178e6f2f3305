# crag-bot's image. Build: podman build --format docker -t crag-bot .   (or docker build -t crag-bot .)
# --format docker keeps the HEALTHCHECK: podman's default OCI format has no field for it.
ARG NODE_IMAGE=docker.io/library/node:20-bookworm-slim

# ── build: every dependency, the TypeScript compiled, then the dev dependencies pruned ──────────
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# node-gyp compiles against the headers the image carries rather than downloading them.
ENV npm_config_nodedir=/usr/local
# better-sqlite3 compiles its native module when no prebuilt binary can be downloaded.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src src
COPY commands commands
# The compiler reads the English catalogue for the message keys' type.
COPY locales locales
# The Activity's page (docs/activity.md), which the bot serves on ACTIVITY_PORT: built with Vite
# (a dev dependency, so before the prune) into dist/activity-web. It imports src/activity's protocol.
COPY activity-web activity-web
# Only the bot's code and the Activity's page are built (no bench, no tests, no playground page):
# see .dockerignore.
RUN npx tsc -p tsconfig.build.json \
  && npx vite build --config activity-web/vite.config.ts \
  && npm prune --omit=dev --no-audit --no-fund \
  && npm cache clean --force
# The score card reads Noto Sans JP's WOFF files of two weights (src/score-card/cjk-font.ts): the
# other seven weights and the WOFF2 copies are 75 of the package's 81 MB.
RUN find node_modules/@fontsource/noto-sans-jp/files -type f \
    ! -name '*-400-normal.woff' ! -name '*-700-normal.woff' -delete

# ── runtime: production dependencies and the compiled bot, as an unprivileged user ─────────────
FROM ${NODE_IMAGE}
# Inside the container every listener binds all its addresses: the ports published on the host
# (compose.yaml: 127.0.0.1 only) decide who reaches them. Outside it they default to 127.0.0.1.
ENV NODE_ENV=production \
    OPS_HOST=0.0.0.0 \
    OPS_PORT=9464 \
    ACTIVITY_HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist/src dist/src
COPY --from=build /app/dist/commands dist/commands
COPY --from=build /app/dist/activity-web dist/activity-web
COPY locales locales
COPY migrations migrations
COPY assets assets
# The games live in the /data volume: the default DATABASE_PATH, ./data/crag.sqlite, lands there.
# It is the bot's alone (0700): the database and its backups hold daily_secret. A new named volume
# takes this folder's owner and mode. The code stays root's and read-only to the bot.
RUN mkdir -m 0700 /data && chown node:node /data && ln -s /data /app/data
VOLUME /data
USER node
EXPOSE 9464
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "dist/src/ops/healthcheck.js"]
# node is PID 1: the bot's own SIGTERM handler finishes what is in flight and exits within 10 s.
# Its flags are src/node-flags.ts's (a smaller young generation: docs/benchmark.md, issue 45).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=8", "dist/src/main.js"]
