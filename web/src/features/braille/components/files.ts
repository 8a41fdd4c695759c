/** Copying and downloading the translator's results. */
import { saveBlob } from '@/lib/download';

/** A .brf file: Braille ASCII lines ending in CR LF, as embossers and Braille editors expect. */
export function brfFile(brf: string): string {
  return `${brf.split('\n').join('\r\n')}\r\n`;
}

/** Saves `content` as a file through the browser's download. */
export function downloadFile(name: string, content: string, type: string): void {
  saveBlob(new Blob([content], { type }), name);
}

/** Copies text; falls back to selecting `field` and the old copy command. True when it worked. */
export async function copyText(text: string, field?: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.focus();
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}
