/**
 * The installable app's service worker (issue 26; built by vite-plugin-pwa with Workbox,
 * vite.config.ts). Registered from the signed-in area only, loaded after the page, so the public
 * pages' JavaScript does not grow. An update never switches a page under the learner: a new
 * version found during a visit waits; on the next visit it takes over before anything else and
 * the page reloads onto it, and says so once (`takeAppUpdated`).
 */
import { Workbox } from 'workbox-window';

const UPDATED = 'app-updated';

let started = false;

export function registerServiceWorker(): void {
  if (started || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  started = true;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', (event) => {
    if (!event.wasWaitingBeforeRegister) return; // found during this visit: it waits for the next
    wb.addEventListener('controlling', () => {
      try {
        sessionStorage.setItem(UPDATED, '1');
      } catch {
        /* storage unavailable: the update is not announced */
      }
      window.location.reload();
    });
    wb.messageSkipWaiting();
  });
  void wb.register().catch(() => undefined);
}

/** True once after the page reloaded onto a new version. */
export function takeAppUpdated(): boolean {
  try {
    const updated = sessionStorage.getItem(UPDATED) === '1';
    sessionStorage.removeItem(UPDATED);
    return updated;
  } catch {
    return false;
  }
}
