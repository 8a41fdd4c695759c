/** Files handed to the browser as downloads: a server's file (a certificate's PDF, a CSV) or one made here. */
import { useApiMutation } from './mutation';

/**
 * Hands a file to the browser as a download: an object URL on a real link, clicked, then
 * released once the browser has had it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** What to download: the request for the file (through the API client, which has the bearer token) and its name. */
export interface Download {
  request: () => Promise<Blob>;
  file: string;
}

/**
 * A download from the server: pending while the file comes, then handed to the browser; `data`
 * is the file's name. A failure is the server's message or `fallback`.
 */
export const useDownload = (fallback: string) =>
  useApiMutation({
    mutationFn: async ({ request, file }: Download) => {
      saveBlob(await request(), file);
      return file;
    },
    fallback,
  });
