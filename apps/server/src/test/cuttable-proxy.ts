import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { freePort } from './free-port.ts';

/**
 * A TCP hop between the app and a service (PostgreSQL, Redis) that a test can cut (every socket destroyed, new ones
 * refused), turn into a black hole (connections accepted, nothing ever answered: a host gone from
 * the network) and restore.
 */
export async function startCuttableProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let blackhole = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      blackhole = false;
      if (server) return resolve();
      server = createServer((client) => {
        track(client);
        if (blackhole) return;
        const upstream = tcpConnect(target.port, target.host);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = undefined;
    });
  return {
    port,
    cut: stop,
    async swallow() {
      blackhole = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: listen,
    close: stop,
    start: listen,
  };
}
