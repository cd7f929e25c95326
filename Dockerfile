# The app and the queue workers in one image (issue 20's team deployment, see compose.yaml).
# `npm start` serves the app; `npm run worker` works queued runs. Node 20 (pg-boss 10.x, Stryker 9).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when its prebuilt binary cannot be fetched (still the SQLite default).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
ENV NEXT_TELEMETRY_DISABLED=1 ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# The worker runs TypeScript through tsx (a runtime dependency): it needs the sources, not only .next.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["npm", "start"]
