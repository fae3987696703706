// The yardsticks: a bare Fastify answering the same JSON as /api/health, with nothing else loaded,
// and a static page (one heading, a paragraph, one of the shop's pictures; no script) that
// Lighthouse measures beside the shop's pages in the same run.
import fs from 'node:fs/promises';
import Fastify from 'fastify';

const picture = await fs.readFile('public/catalog/themes/guardian-friend/gallery-1.webp');
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A static page</title><meta name="description" content="The bench's static reference page.">
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;color:#2e2a4f;background:#fff8ef}img{width:100%;height:auto;border-radius:1rem}</style>
</head><body><main><h1>A bedtime story starring your child</h1>
<p>A static page with no script: the reference the shop's pages are read beside.</p>
<img src="/static/picture.webp" width="1200" height="900" alt="A child and a teddy bear under the moon">
</main></body></html>`;

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));
// The shop's own catalogue JSON, as the bench read it from the shop (the same bytes to serialise).
const catalogue = process.env.CATALOGUE_JSON_FILE
  ? JSON.parse(await fs.readFile(process.env.CATALOGUE_JSON_FILE, 'utf8'))
  : { type: 'storybook', themes: [] };
app.get('/api/catalog/themes', async () => catalogue);
app.get('/static', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
app.get('/static/picture.webp', async (_request, reply) =>
  reply.type('image/webp').header('cache-control', 'public, max-age=31536000').send(picture),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
