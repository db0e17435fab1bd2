import sharp from 'sharp';
import { photoAddress, type UploadedPhoto } from '../../lib/market-photo.ts';
import type { MarketImage } from '../../lib/market.ts';
import type { Queryable } from '../db/database.ts';
import { insertPhoto } from '../db/queries/market-photos.ts';
import { encodePhoto } from '../photos/photo-encoding.ts';
import { createPhotoStore, photoDirOf } from '../photos/photo-store.ts';

/**
 * Issue 20: the demo's farmers' market has an uploaded photo, so a newcomer sees the directory's
 * `<picture>` at once (and Lighthouse measures a market page with one). Drawn here, not kept as a
 * binary file: stalls with striped awnings on a square, under a morning sky.
 */
const SCENE = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#dcebf7"/></linearGradient></defs>
  <rect width="1600" height="900" fill="url(#sky)"/>
  <rect y="560" width="1600" height="340" fill="#b9a88f"/>
  <path d="M0 560 L260 330 L520 560 Z M380 560 L700 280 L1020 560 Z M900 560 L1220 300 L1600 560 Z" fill="#e9dfcf"/>
  ${[120, 520, 920, 1320]
    .map(
      (x, i) => `<g transform="translate(${x} 470)">
    <rect x="10" y="90" width="220" height="150" fill="#8a5a2b"/>
    <rect x="0" y="40" width="240" height="60" fill="${['#c8102e', '#1f6f3f', '#d98e04', '#2452a4'][i]}"/>
    ${[0, 1, 2, 3, 4, 5].map((s) => `<rect x="${s * 40 + 20}" y="40" width="20" height="60" fill="#fff"/>`).join('')}
    <circle cx="60" cy="150" r="22" fill="#e67e22"/><circle cx="120" cy="155" r="20" fill="#27ae60"/>
    <circle cx="175" cy="150" r="22" fill="#c0392b"/></g>`,
    )
    .join('')}
</svg>`;

export async function seedDemoPhoto(tx: Queryable, dataDir: string, gkz: string, now: Date): Promise<MarketImage> {
  const drawn = await sharp(Buffer.from(SCENE)).jpeg({ quality: 90 }).toBuffer();
  const encoded = await encodePhoto(drawn, gkz);
  if (typeof encoded === 'string') throw new Error(`The demo photo could not be made: ${encoded}`);
  await createPhotoStore(photoDirOf(dataDir)).write(encoded.files);
  const photo: UploadedPhoto = encoded.photo;
  await insertPhoto(tx, { name: photo.name, gkz, bytes: encoded.bytes }, now);
  return {
    url: photoAddress(photo),
    alt: 'Marktstände mit gestreiften Dächern auf dem Hauptplatz, davor Obst und Gemüse',
    description: '',
    focal_x: 50,
    focal_y: 70,
  };
}
