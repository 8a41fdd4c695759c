import '../live.css';
import { useEffect } from 'react';
import { notices } from '../notices';
import { useLiveSocket } from '../useLiveSocket';

/** Holds the tab's live socket while mounted (render it with `key={userId}`). */
export function LiveConnection({ userId }: { userId: string }) {
  useLiveSocket(userId);
  // Signed out or another user: nothing of the previous session is shown.
  useEffect(() => () => notices.reset(), []);
  return null;
}
