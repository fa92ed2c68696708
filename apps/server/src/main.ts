import net from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { limitOutboundRequests } from './lib/outbound-http.ts';

/** Longest wait for clients on idle keep-alive sockets to send their last request. */
const DRAIN_MS = 1000;

/** Resolves once every open connection has closed, or after `ms`. */
async function drainKeepAlive(server: net.Server, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  limitOutboundRequests();
  const app = await buildApp(config);

  // Set at the signal: every answer from then on ends its keep-alive connection.
  let draining = false;
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    try {
      // 1. Stop accepting: a new connection is refused at once, before anything is sent. Only the
      //    listening socket closes here: http.Server#close would also drop idle keep-alive sockets
      //    at once, and a client sending on one at that moment would get a reset (ECONNRESET).
      draining = true;
      net.Server.prototype.close.call(app.server);
      // 2. Lame duck: a request arriving on an open keep-alive socket is still served, and its
      //    answer says `connection: close`, so the client learns of the shutdown from a full answer.
      await drainKeepAlive(app.server, DRAIN_MS);
      // 3. In-flight requests finish, sockets still idle close, then onClose (database close).
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`liner is running at ${config.publicUrl}`);
}

main().catch((error) => {
  // A setting found bad only once used (S3_BUCKET naming a missing bucket) reads like the others.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
