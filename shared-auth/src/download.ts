import { api } from './api';

/** Hands bytes to the browser as a download named `filename` (what a link with `download` does). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; the URL only has to outlive that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Reads a response body to its end, calling `onChunk` with each piece as it arrives (for
 * progress), and answers it as one Blob of the response's type.
 */
export async function readBody(response: Response, onChunk: (chunk: Uint8Array) => void): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const reader = response.body?.getReader();
  if (!reader) {
    const whole = new Uint8Array(await response.arrayBuffer());
    onChunk(whole);
    return new Blob([whole], { type });
  }
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onChunk(value);
  }
  return new Blob(chunks as BlobPart[], { type });
}

/**
 * Downloads a file the API guards (a plain link would carry no access token): an authenticated GET
 * through the shared client, saved under the server's file name (`fallbackName` when it gives
 * none). Resolves with the name once the browser has the file; rejects with an ApiError whose
 * message says why not.
 */
export async function downloadFile(
  path: string,
  { fallbackName, fallbackMessage }: { fallbackName: string; fallbackMessage: string },
): Promise<string> {
  const { blob, filename } = await api.download(path, { fallbackMessage });
  const name = filename ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
