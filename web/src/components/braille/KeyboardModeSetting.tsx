/**
 * The settings page's "Braille keyboard" section: chord (default) or latch mode, saved at once in
 * this browser (`keyboard-mode.ts`) and followed by every six-key keyboard, and said once in a
 * polite status region.
 */
import { useId, useState } from 'react';
import { StatusMessage } from '@/components/Alert';
import type { KeyboardMode } from './chord';
import { useBrailleT } from './i18n';
import { useKeyboardMode } from './keyboard-mode';
import './braille.css';

export function KeyboardModeSetting() {
  const { t } = useBrailleT();
  const uid = useId();
  const [mode, setMode] = useKeyboardMode();
  const [saved, setSaved] = useState('');
  const headingId = `${uid}-heading`;

  function choose(m: KeyboardMode) {
    setMode(m);
    setSaved(t(m === 'latch' ? 'settings.savedLatch' : 'settings.savedChord'));
  }

  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId}>{t('settings.heading')}</h2>
      <fieldset className="fieldset">
        <legend>{t('settings.legend')}</legend>
        {(['chord', 'latch'] as const).map((m) => (
          <div key={m} className="bk-mode">
            <label className="bk-mode-label">
              <input type="radio" name={`${uid}-mode`} value={m} checked={mode === m} aria-describedby={`${uid}-${m}-hint`} onChange={() => choose(m)} />
              {t(m === 'latch' ? 'settings.latch' : 'settings.chord')}
            </label>
            <p id={`${uid}-${m}-hint`} className="field-hint">
              {t(m === 'latch' ? 'settings.latchHint' : 'settings.chordHint')}
            </p>
          </div>
        ))}
      </fieldset>
      <StatusMessage>{saved}</StatusMessage>
    </section>
  );
}
