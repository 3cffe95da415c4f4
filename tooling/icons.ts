// `node tooling/icons.ts`: the marketplace's icon set, drawn from its favicon.svg with sharp and
// written into frontend-user/public (committed; run again after changing the logo):
// favicon.ico (16, 32 and 48 px), apple-touch-icon.png (180 px, on the brand colour, as iOS
// shows no transparency), icon-192.png and icon-512.png for the web app manifest, and
// icon-maskable-512.png (the logo inside the maskable safe zone, on the brand colour).
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const PUBLIC = resolve(import.meta.dirname, '../frontend-user/public');
const BRAND = '#4338ca';

const logo = await readFile(join(PUBLIC, 'favicon.svg'), 'utf8');
const inner = logo.slice(logo.indexOf('>') + 1, logo.lastIndexOf('</svg>'));

/** The logo, `scale` of the square, centred on a square of `background` (or transparent). */
const square = (scale: number, background: string | null) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  ${background ? `<rect width="64" height="64" fill="${background}"/>` : ''}
  <g transform="translate(${32 - 32 * scale} ${32 - 32 * scale}) scale(${scale})">${inner}</g>
</svg>`);

const png = (svg: Buffer, size: number) =>
  sharp(svg, { density: 72 * Math.ceil(size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO file holding PNG images (as every current browser reads them). */
const ico = (images: readonly (readonly [number, Buffer])[]): Buffer => {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(([size, data]) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(([, data]) => data)]);
};

const plain = square(1, null);
const sizes = [16, 32, 48] as const;
const small = await Promise.all(sizes.map(async (size) => [size, await png(plain, size)] as const));
await writeFile(join(PUBLIC, 'favicon.ico'), ico(small));
await writeFile(join(PUBLIC, 'apple-touch-icon.png'), await png(square(0.86, BRAND), 180));
await writeFile(join(PUBLIC, 'icon-192.png'), await png(plain, 192));
await writeFile(join(PUBLIC, 'icon-512.png'), await png(plain, 512));
// Maskable: a platform may cut the icon to a circle of 80 % of its width.
await writeFile(join(PUBLIC, 'icon-maskable-512.png'), await png(square(0.72, BRAND), 512));
console.log(`Icons written to ${PUBLIC}`);
