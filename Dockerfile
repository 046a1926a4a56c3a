# The Linkyard service: `docker build -t linkyard .` (or `podman build`), then
# `docker run -p 3000:3000 -v linkyard-data:/data linkyard` (docs/deployment.md).
#
# BASE is any Debian bookworm image with Node.js 20 or 22 and npm: the official node image by
# default; CI builds on a base it makes itself (scripts/container.sh base).
ARG BASE=node:20-bookworm-slim

# --- build: install with pnpm, build the service and the dashboard, and set apart what runs.
FROM ${BASE} AS build
WORKDIR /src
ARG PNPM_VERSION=10.34.9
RUN npm install --global --no-fund --no-audit "pnpm@${PNPM_VERSION}" >/dev/null
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm exec turbo run build --filter=@linkyard/api... --output-logs=errors-only \
 && pnpm --filter @linkyard/api deploy --prod --legacy /out \
 && rm -rf /out/src /out/test /out/jest.config.js /out/tsconfig*.json \
 && mkdir -p /out/data-dir

# --- runtime: the built service and its production dependencies only, as an unprivileged user.
FROM ${BASE}
LABEL org.opencontainers.image.title="Linkyard" \
      org.opencontainers.image.description="Self-hostable link management: short links on branded domains, campaigns, QR codes, bio pages and click statistics." \
      org.opencontainers.image.version="0.1.0"
WORKDIR /app
COPY --from=build /out /app
# The data (the embedded database, the click spool) lives in one volume, owned by the service's user.
COPY --from=build --chown=10001:10001 /out/data-dir /data
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
VOLUME ["/data"]
# HTTP, and HTTPS when automatic HTTPS is on (ACME_EMAIL; HTTPS_PORT): forward 80 and 443 to them.
EXPOSE 3000 8443
USER 10001:10001
# Node is process 1 and stops cleanly on SIGTERM itself: requests in flight finish, held clicks are written.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/app/bin/linkyard-api"]
