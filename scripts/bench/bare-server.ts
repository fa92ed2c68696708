/** The benchmark's ceiling: a bare Node http server answering a constant JSON body on every path. */
import http from 'node:http';

const body = JSON.stringify({ status: 'ok', database: { dialect: 'none', status: 'up', latencyMs: 0 } });

const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
