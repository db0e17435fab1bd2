import type { ErrorBody } from '../lib/error-codes.ts';
import { uploadedPhotoOf } from '../lib/market-photo.ts';
import { apiUrl, ApiRequestError, callApi } from './api-client.ts';

/** What the portal made of an upload (docs/api.md, "Market photos"). */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/**
 * Sends a photo to `upload_market_image`. XMLHttpRequest, not fetch, since only it reports how much
 * of the body has gone (a phone photo on a slow line takes a while); `progress` gets 0 to 1.
 */
export function uploadMarketPhoto(file: File, progress: (share: number) => void): Promise<UploadedImage> {
  const lang = document.documentElement.lang;
  const form = new FormData();
  if (lang) form.set('lang', lang);
  form.set('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl('upload_market_image'));
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) progress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { data: { image: UploadedImage } } | ErrorBody | null;
      if (request.status === 200 && body && 'data' in body) return resolve(body.data.image);
      const error = body && 'error' in body ? body.error : undefined;
      reject(
        new ApiRequestError(
          request.status,
          error?.code ?? 'unexpected',
          error?.message ?? request.statusText,
          error?.fields,
        ),
      );
    };
    request.onerror = () => reject(new ApiRequestError(0, 'network', 'network'));
    request.send(form);
  });
}

/**
 * Lets go of an uploaded photo the form no longer shows. The server keeps it while a market shows
 * it (the saved market's own photo goes with the save), so a refusal here is no failure.
 */
export async function releaseMarketPhoto(url: string): Promise<void> {
  if (!uploadedPhotoOf(url)) return;
  await callApi('delete_market_image', { fields: { url } }).catch(() => undefined);
}
