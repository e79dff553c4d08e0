/**
 * The metrics' own listener (METRICS_PORT): `GET /metrics` in Prometheus text, nothing else.
 * Apart from the public port, so the numbers stay inside (a firewall or the private network
 * decides who scrapes) and a flood of the public port cannot starve a scrape of its answer.
 */
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export class MetricsPortError extends Error {}

export async function listenMetrics(
  registry: Registry,
  port: number,
  host: string,
  onError: (error: unknown) => void,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE' ? 'is already in use' : `cannot be used (${error.code})`;
      reject(new MetricsPortError(`METRICS_PORT ${port} ${why}`));
    });
    server.listen(port, host, () => resolve());
  });
  return server;
}
