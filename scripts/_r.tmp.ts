import sharp from 'sharp';
import { readToyColours } from '../src/server/adapters/illustrator/characters/read-toy-look';
import { teddyPhoto, landscapePhoto, flatPhoto, personPhoto } from '../src/server/adapters/illustrator/test-photos';
const teddy = await teddyPhoto();
const dark = await sharp(teddy).linear(0.2, 0).jpeg().toBuffer();
const small = await sharp(teddy).resize(300).toBuffer();
const two = await sharp({ create: { width: 768, height: 768, channels: 3, background: '#bcd7ea' } }).composite([{ input: small, left: 40, top: 230 }, { input: small, left: 420, top: 230 }]).jpeg().toBuffer();
const pink = await sharp(teddy).modulate({ hue: 300 }).jpeg().toBuffer();
for (const [name, p] of Object.entries({ teddy, dark, two, pink, landscape: await landscapePhoto(), flat: await flatPhoto(), person: await personPhoto() })) {
  const t = performance.now();
  console.log(name, JSON.stringify(await readToyColours(p)), Math.round(performance.now() - t), 'ms');
}
