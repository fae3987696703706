import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer, readOutbox } from './outbox';
import { createSmtpMailer } from './smtp';

const message = {
  to: 'parent@example.com',
  subject: 'Confirmez votre adresse e-mail',
  text: 'Bonjour ! Ouvrez ce lien : http://localhost/verify?token=abc',
  html: '<p>Bonjour ! <a href="http://localhost/verify?token=abc">Confirmer</a></p>',
};

describe('outbox mailer', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  });
  afterAll(async () => {
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('writes a real .eml file with text and HTML parts, and lists it newest first', async () => {
    const mailer = createOutboxMailer(folder, 'Cuddle Tales <hello@cuddletales.ch>');
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'Second' });
    const files = await fs.readdir(folder);
    const eml = files.filter((file) => file.endsWith('.eml'));
    expect(eml).toHaveLength(2);
    const raw = await fs.readFile(path.join(folder, eml[0]!), 'utf8');
    expect(raw).toContain('From: Cuddle Tales <hello@cuddletales.ch>');
    expect(raw).toContain('To: parent@example.com');
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    const entries = await readOutbox(folder);
    expect(entries.map((entry) => entry.subject)).toEqual(['Second', 'Confirmez votre adresse e-mail']);
  });
});

describe('SMTP mailer', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: false,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'shop' && auth.password === 'smtp-secret')
          return callback(null, { user: 'shop' });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('authenticates and delivers the message with both parts to the SMTP server', async () => {
    const mailer = createSmtpMailer(
      `smtp://shop:smtp-secret@127.0.0.1:${port}`,
      'Cuddle Tales <hello@cuddletales.ch>',
    );
    await mailer.send(message);
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('hello@cuddletales.ch');
    expect(received[0]?.to).toEqual(['parent@example.com']);
    expect(received[0]?.data).toContain('text/html');
    expect(received[0]?.data).toContain('Subject: Confirmez votre adresse e-mail');
  });

  it('fails loudly when the SMTP server refuses the credentials', async () => {
    const mailer = createSmtpMailer(`smtp://shop:wrong@127.0.0.1:${port}`, 'hello@cuddletales.ch');
    await expect(mailer.send(message)).rejects.toThrow(/Invalid username or password|Invalid login/);
  });
});
