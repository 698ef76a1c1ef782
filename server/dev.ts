/**
 * Development server: Vite in middleware mode for the client and HMR, the same Hono app for
 * everything else, the server build loaded through Vite on each request.
 */
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "./app";
import { bootstrap } from "./bootstrap";
import { loadConfig } from "./config";
import { guardRequestTimes, HTTP_SERVER_OPTIONS } from "./http-options";
import { createLogger } from "./logger";

const config = loadConfig();
const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const { services } = await bootstrap(config, logger);
await services.admin.ensurePassword();
services.background.start();
const app = createApp({
  services,
  dev: true,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
const listener = getRequestListener(app.fetch);
const server = http.createServer(HTTP_SERVER_OPTIONS, (req, res) =>
  vite.middlewares(req, res, () => listener(req, res)),
);
guardRequestTimes(server);
server.listen(config.port, config.host, () => {
  process.stdout.write(`Dev store on http://${config.host}:${config.port}\n`);
});
