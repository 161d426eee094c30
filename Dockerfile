# syntax=docker/dockerfile:1
# Pawhaven's app container. With SUPABASE_URL/SUPABASE_ANON_KEY set it serves the app
# against that project; without, it also runs the embedded backend with its data in /data.
# `npm start` runs a background worker beside the app (RUN_WORKER=false: not); a container
# started with `npm run worker` runs only the worker.

FROM node:24-slim AS base
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
COPY package.json remix.config.js ./
COPY scripts ./scripts
COPY server ./server
COPY worker ./worker
# The worker's email templates read role names and meeting times from these at run time.
COPY app/utils/vocabulary.ts app/utils/meeting-times.ts ./app/utils/
# The FTP drop (ftp/, decision 034) imports files through the app's sync pipeline, run from source.
COPY ftp ./ftp
COPY app/sync ./app/sync
COPY app/models/sync.server.ts ./app/models/
COPY app/utils/backend.server.ts app/utils/photo-processing.server.ts ./app/utils/
COPY localbase ./localbase
COPY supabase ./supabase
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
# The app; the FTP drop's control port and its passive data ports (set FTP_PASSIVE_HOST to the
# public address; the Sync tab shows it, or FTP_DROP_URL when set).
EXPOSE 3000 2121 30000-30009
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
