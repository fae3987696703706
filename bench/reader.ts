// A signed-up parent with a drawn book on a running shop, for the Lighthouse run of the reader
// (`/book/{id}`): the account is confirmed from the shop's outbox, the wizard is finished through the
// API with real photos (the real local illustrator draws the book), and the answer is the reader's
// address with the session cookie Lighthouse sends.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { readOutbox } from '../src/server/adapters/mail/outbox';

const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

export class Client {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
    const form = body instanceof FormData;
    const response = await fetch(new URL(url, this.base), {
      method,
      redirect: 'manual',
      headers: {
        origin: this.base,
        cookie: this.cookie,
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '') this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    if (response.status >= 400)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {};
  }
}

async function photo(file: string): Promise<Blob> {
  const bytes = await sharp(path.join(demo, file)).resize(600, 600, { fit: 'cover' }).jpeg().toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

export async function drawnBook(base: string, dataDir: string): Promise<{ url: string; cookie: string }> {
  const client = new Client(base);
  const email = `bench.reader.${Date.now()}@example.com`;
  await client.call('POST', '/api/auth/sign-up/email', {
    email,
    password: 'moonlit-teddy-42',
    name: 'Bench',
    callbackURL: '/',
  });
  let link: string | undefined;
  for (let tries = 0; !link && tries < 100; tries++) {
    const message = (await readOutbox(path.join(dataDir, 'outbox'))).find((entry) => entry.to === email);
    link = message && /https?:\/\/\S+/.exec(message.text)?.[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error('no confirmation e-mail in the outbox');
  // The confirmation link signs the new account in (its cookie is kept).
  await client.call('GET', new URL(link).pathname + new URL(link).search);

  await client.call('POST', '/api/wizard/session', { themeId: 'guardian-friend', bookType: 'storybook' });
  const upload = async (kind: 'child' | 'toy', file: string) => {
    const form = new FormData();
    form.append('photo', await photo(file), `${kind}.jpg`);
    return (await client.call('POST', `/api/wizard/photos?kind=${kind}`, form)).photoId as string;
  };
  const child = await upload('child', 'sample2.jpg');
  await client.call('PUT', '/api/wizard/session/steps/1', {
    name: 'Mia',
    gender: 'female',
    age: 5,
    picture: child,
    consent: true,
  });
  const hero = await client.call('POST', '/api/wizard/covers', { kind: 'hero', language: 'en' });
  await client.call('PUT', '/api/wizard/session/steps/2', {
    approved: true,
    generatedCover: hero.imageId,
    ...(hero.look ? { look: hero.look } : {}),
  });
  const toy = await upload('toy', 'sample4.jpg');
  await client.call('PUT', '/api/wizard/session/steps/3', { toyName: 'Bunny', toyPicture: toy });
  const toyCover = await client.call('POST', '/api/wizard/covers', { kind: 'toy', language: 'en' });
  await client.call('PUT', '/api/wizard/session/steps/4', {
    approved: true,
    generatedToyImage: toyCover.imageId,
  });
  await client.call('PUT', '/api/wizard/session/steps/5', {
    dedicationMessage: 'For Mia and Bunny, with all our love.',
    dedicationSignature: 'Mum and Dad',
  });
  const { bookInstanceId } = await client.call('POST', '/api/wizard/complete', { language: 'en' });
  const id = String(bookInstanceId);
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const preview = await client.call('GET', `/api/books/${id}`);
    if (preview.status === 'ready') break;
    if (preview.status === 'archived' || Date.now() > deadline) throw new Error(`book ${id} not drawn`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url: `${base}/book/${id}`, cookie: client.cookie };
}
