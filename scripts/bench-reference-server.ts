/**
 * The yardstick of `npm run bench:api`: a bare Fastify server answering `GET /api/health` with `{"status":"ok"}`
 * (no plugins, no logger, no database). What autocannon measures against it on the same machine is the most
 * any endpoint of the real server can reach there. `REFERENCE_FILES` (JSON: URL path → file) adds routes that
 * send a file's bytes from memory as brotli, so a page or a script is compared with the same bytes sent bare.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
const files = JSON.parse(process.env.REFERENCE_FILES ?? '{}') as Record<string, string>;
for (const [url, file] of Object.entries(files)) {
  const body = readFileSync(file);
  const type = file.includes('.js') ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8';
  app.get(url, (_request, reply) => reply.header('content-encoding', 'br').type(type).send(body));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
