import jsQR from 'jsqr';
import { extractImages, getDocumentProxy } from 'unpdf';

/**
 * Issue 55: what every QR code of a PDF says, read as a phone would (jsQR, an independent reader)
 * from the images the PDF holds (unpdf). An image no reader can make out is `null`.
 */
export async function readQrCodes(pdf: Uint8Array): Promise<{ page: number; text: string | null }[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const found: { page: number; text: string | null }[] = [];
  for (let page = 1; page <= document.numPages; page += 1) {
    for (const image of await extractImages(document, page)) {
      const rgba = new Uint8ClampedArray(image.width * image.height * 4);
      for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
        for (let channel = 0; channel < 3; channel += 1)
          rgba[pixel * 4 + channel] = image.data[pixel * image.channels + (image.channels < 3 ? 0 : channel)]!;
        rgba[pixel * 4 + 3] = 255;
      }
      found.push({ page, text: jsQR(rgba, image.width, image.height)?.data ?? null });
    }
  }
  return found;
}
