# One image for the five Node processes and the demo-catalogue command; docker-compose.yml picks the process with
# `command: node services/<name>/dist/main.js` (or `node tools/demo-catalogue/dist/cli.js`).
# The Node image is pinned to a release (scripts/compose.test.mjs checks it), the one CI tests with.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Only the package manifests, so the dependency layers below are rebuilt only when one of them changes.
FROM base AS manifests
COPY . /src
RUN mkdir /manifests \
 && cd /src \
 && cp package.json package-lock.json /manifests/ \
 && find packages services apps tools -mindepth 2 -maxdepth 2 -name package.json -exec cp --parents {} /manifests \;

# Everything the build needs (dev dependencies included).
FROM base AS deps
COPY --from=manifests /manifests ./
RUN npm ci

# Compiles every workspace (tsc for packages and services, vite for the three apps), then gathers what runs:
# each workspace's package.json and dist/ (and the demo catalogue's logo files).
FROM deps AS build
COPY . .
RUN npx turbo run build
RUN mkdir /out \
 && for dir in packages/* services/* apps/* tools/*; do \
      mkdir -p "/out/$dir" && cp "$dir/package.json" "/out/$dir/"; \
      if [ -d "$dir/dist" ]; then cp -r "$dir/dist" "/out/$dir/"; fi; \
    done \
 && cp -r tools/demo-catalogue/logos /out/tools/demo-catalogue/

# Production dependencies only.
FROM base AS prod-deps
COPY --from=manifests /manifests ./
RUN npm ci --omit=dev && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app ./
COPY --from=build --chown=node:node /out ./
USER node
EXPOSE 8080
CMD ["node", "services/gateway/dist/main.js"]
