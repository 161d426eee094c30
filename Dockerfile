# syntax=docker/dockerfile:1
# Pawhaven's app container (decision 045). With SUPABASE_URL/SUPABASE_ANON_KEY set it serves
# the app against that project; without, it also runs the embedded backend with its data in
# /data. Its command, scripts/start.ts, is PID 1: it runs the web server, the background worker
# (RUN_WORKER=false: not) and the FTP drop, restarts the worker and the FTP drop when they
# crash, and stops everything within 10 s of SIGTERM. `docker run … pawhaven node worker/main.ts`
# runs only a worker.
#
# The processes run their TypeScript sources with Node's type stripping, so the image holds
# whole source folders rather than a hand-made list of files: a module that imports another
# finds it. .dockerignore keeps out tests, benches and docs. `npm run check:image` rebuilds
# this layout from the COPY lines below and boots it; `scripts/build-image.sh` builds the image.

# node:24-slim; scripts/build-image.sh passes a stand-in built from Debian packages.
ARG BASE_IMAGE=node:24-slim
FROM ${BASE_IMAGE} AS base
WORKDIR /app

# Everything needed to build.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npx remix build

# Only what runs in production.
FROM base AS production-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM base
# openssl makes the FTP drop's self-signed certificate (FTP_TLS=self-signed, the embedded
# default): without TLS the drop refuses to listen beyond loopback unless FTP_ALLOW_PLAIN=true.
# fonts-dejavu-core: the text on the share cards sharp draws (app/utils/share-card.server.ts).
RUN apt-get update \
 && apt-get install -y --no-install-recommends openssl fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    VETTING_BYPASS_ENABLED=false \
    DATA_DIR=/data \
    FTP_HOST=0.0.0.0 \
    FTP_PORT=2121 \
    FTP_PASSIVE_PORTS=30000-30009
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY package.json ./
COPY app ./app
COPY server ./server
COPY worker ./worker
COPY ftp ./ftp
COPY localbase ./localbase
COPY scripts ./scripts
COPY supabase ./supabase
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
# The app; the FTP drop's control port and its passive data ports (set FTP_PASSIVE_HOST to the
# public address; the Sync tab shows it, or FTP_DROP_URL when set).
EXPOSE 3000 2121 30000-30009
# /healthz answers 503 when the backend, or the worker or FTP drop this container runs, is down.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1, with no npm or shell between it and `docker stop`: the start script
# handles SIGTERM and SIGINT and stops its processes in order.
CMD ["node", "scripts/start.ts"]
