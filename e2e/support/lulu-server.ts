import http from 'node:http';
import { startFakeLulu } from '../../src/server/adapters/printer/test-fakes/fake-lulu';

/**
 * The local stand-in of Lulu's Print API for the journeys (started by playwright.config.ts): the
 * second shop prints with PRINTER=lulu against it. A control port lets a journey read the jobs and
 * change a job's status, as Lulu would (REJECTED), before it tells the shop through the webhook.
 */
const fake = await startFakeLulu({
  clientKey: process.env.LULU_CLIENT_KEY ?? '',
  clientSecret: process.env.LULU_CLIENT_SECRET ?? '',
  port: Number(process.env.LULU_FAKE_PORT),
});

const control = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/jobs') return send(200, fake.jobs);
    const match = /^\/jobs\/(\d+)\/status$/.exec(req.url ?? '');
    if (req.method === 'POST' && match) {
      const job = fake.jobs.find((candidate) => String(candidate.id) === match[1]);
      if (!job) return send(404, { detail: 'no such job' });
      const { name, message } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        name: string;
        message: string;
      };
      job.status = { name, message, changed: new Date().toISOString() };
      return send(200, job);
    }
    return send(404, { detail: 'Not found.' });
  });
});
control.listen(Number(process.env.LULU_CONTROL_PORT), '127.0.0.1');

const stop = async () => {
  control.close();
  await fake.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
