# The production image: the checkout with its builds (apps/server/dist, apps/web/dist) and the server's run-time
# packages only. `docker compose up --build` (compose.yaml) runs two of it behind a proxy; README, "Containers".
#
#   docker build -t learnlabel .
#   docker run -p 8080:8080 -v learnlabel-data:/data -e DATA_DEPLOY_KEY=… learnlabel
#
# The server bundle reads files of the checkout at run time (packages/db/migrations, packages/i18n/locales,
# apps/web/dist, apps/server/src/modules/demo-projects/media), so the whole checkout is copied, not `dist` alone.

# ---- build: every package, then `npm run build` (esbuild for the server, Vite for the web client)
FROM node:22-bookworm-slim AS build
WORKDIR /app
# The manifests first, so that the install is redone only when they change (every workspace: `npm ci` checks the
# lock file against all of them).
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/i18n/package.json packages/i18n/
RUN npm ci
COPY . .
# The development packages stay in this stage: the run stage installs its own.
RUN npm run build && rm -rf node_modules apps/*/node_modules packages/*/node_modules

# ---- run: ffmpeg (video frames, waveforms, teaching videos), LibreOffice (office documents to pdf), CJK fonts,
# the server's run-time packages and the built checkout
FROM node:22-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-noto-cjk libreoffice-writer-nogui libreoffice-impress-nogui libreoffice-calc-nogui \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/i18n/package.json packages/i18n/
# The server's packages alone: the web client's are already bundled into apps/web/dist.
RUN npm ci --omit=dev -w @app/server && npm cache clean --force
COPY --from=build /app ./

# The checkout stays root's (read-only to the server); the server writes only under DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
ENV DATA_DIR=/data \
  HOST=0.0.0.0 \
  PORT=8080 \
  LOG_FORMAT=json
VOLUME /data
EXPOSE 8080

# /healthz answers while the process is alive (/readyz, which also checks the database and the stores, is for the
# proxy). Node's own fetch: the image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The built server with plain Node, as `npm start` runs it. Not `npm start` itself: the image has nothing to build
# (scripts/start.mjs would only check the builds' dates), and Node as the container's process receives SIGTERM itself
# (the server stops gracefully on it; compose adds an init process).
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
