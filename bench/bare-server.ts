// The yardstick: a bare Fastify answering the same JSON as /api/health, with nothing else loaded.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
