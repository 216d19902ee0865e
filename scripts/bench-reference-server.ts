/**
 * The yardstick of `npm run bench:api`: a bare Fastify server answering `GET /api/health` with `{"status":"ok"}`
 * (no plugins, no logger, no database). What autocannon measures against it on the same machine is the most
 * any endpoint of the real server can reach there.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
