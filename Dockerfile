# One image for the API (with the admin console) and the worker.

# Build: every package (development tools, the admin's React, MUI and react-admin), then the
# server (swc → dist) and the admin (Vite → apps/admin/dist). Nothing of this stage but those
# two folders reaches the image.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

# The server's production dependencies: the root's `dependencies` only. --workspaces=false leaves
# out the workspaces' packages (the admin's are in its built files already), --omit=dev the tools,
# tests and the embedded PostgreSQL of `npm start` (production names its database in DATABASE_URL).
FROM node:20-bookworm-slim AS server-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --workspaces=false --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=server-dependencies /app/package.json ./
COPY --from=server-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/apps/admin/dist ./apps/admin/dist
USER node
EXPOSE 3000
# The flags of scripts/node-flags.mjs (why: there).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "--no-allocation-site-pretenuring", "dist/apps/api/src/main.js"]
