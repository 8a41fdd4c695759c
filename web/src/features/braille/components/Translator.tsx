/**
 * The Braille translator: text → Braille as you type (debounced), or Braille typed on the
 * six-key keyboard → text. The code is chosen from the script of the text unless the user
 * picks one, uncontracted (grade 1) or contracted (grade 2). The debounced result is announced
 * once in a polite live region (for the keyboard direction each cell is announced by the
 * keyboard itself, and the text on Enter).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BrailleKeyboard } from '@/components/braille/BrailleKeyboard';
import { dotsPhrase } from '@/components/braille/describe';
import { unicodeToDots, type Code } from '@/components/braille/cells';
import { useUiLang, type UiLang } from '@/components/braille/i18n';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { ApiError } from '@/lib/api-client';
import { MAX_CHARS, translate, type CodeChoice, type Direction, type Grade, type TranslateRequest, type TranslateResponse } from '../api/translate';
import { formatCount } from '@/lib/format';
import { useTranslatorT, type TranslatorT } from '../i18n';
import { CellsView } from './CellsView';
import { brfFile, copyText, downloadFile } from './files';
import '../translator.css';

/** Pause in typing before the text is translated. */
export const DEBOUNCE_MS = 400;
/** Longest Braille read out in full in the announcement. */
const ANNOUNCE_MAX_CELLS = 40;

interface Failure {
  status: number;
  field?: string;
}

export function errorMessage(f: Failure, t: TranslatorT): string {
  if (f.status === 413) return t('errors.tooLong', { max: formatCount(MAX_CHARS) });
  if (f.status === 429) return t('errors.tooMany');
  if (f.status === 0) return t('errors.network');
  return t('errors.failed');
}

/** How an unknown character is identified next to it: its dots for a Braille cell, else its code point. */
function identify(ch: string, ui: UiLang): string {
  const dots = unicodeToDots(ch);
  if (dots && ch !== ' ') return dotsPhrase(dots, ui);
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function rowsFor(s: string, min = 2, max = 8): number {
  return Math.min(max, Math.max(min, s.split('\n').length));
}

export function Translator() {
  const { t } = useTranslatorT();
  const ui = useUiLang();
  const uid = useId();
  const [direction, setDirection] = useState<Direction>('to_braille');
  const [choice, setChoice] = useState<CodeChoice>('auto');
  const [grade, setGrade] = useState<Grade>(1);
  const [reverseCode, setReverseCode] = useState<Code>(ui);
  const [text, setText] = useState('');
  const [cells, setCells] = useState('');
  const [result, setResult] = useState<{ direction: Direction; data: TranslateResponse } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState({ text: '', n: 0 });
  const [done, setDone] = useState('');
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const brailleOut = useRef<HTMLTextAreaElement>(null);
  const textOut = useRef<HTMLTextAreaElement>(null);

  const input = direction === 'to_braille' ? text : cells;
  const lang: CodeChoice = direction === 'to_braille' ? choice : reverseCode;

  const say = useCallback((message: string) => setSaid((s) => ({ text: message, n: s.n + 1 })), []);

  const run = useCallback(
    async (req: TranslateRequest, announce: boolean) => {
      const mine = ++seq.current;
      setBusy(true);
      try {
        const data = await translate(req);
        if (mine !== seq.current) return;
        setResult({ direction: req.direction, data });
        setFailure(null);
        if (announce) say(announcement(data, req.direction, t));
      } catch (e) {
        if (mine !== seq.current) return;
        // Too long and too many are the user's to fix (the message says how); anything else is logged.
        if (!(e instanceof ApiError) || (e.status !== 413 && e.status !== 429)) console.error('braille translate', e);
        setFailure(e instanceof ApiError ? { status: e.status, field: e.field } : { status: 0 });
      } finally {
        if (mine === seq.current) setBusy(false);
      }
    },
    [say, t],
  );

  // Translate after a pause in typing; an empty input clears the result.
  useEffect(() => {
    setDone('');
    if (timer.current) clearTimeout(timer.current);
    if (input === '') {
      seq.current++;
      setResult(null);
      setFailure(null);
      setBusy(false);
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      void run({ text: input, lang, direction, grade }, direction === 'to_braille');
    }, DEBOUNCE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [input, lang, direction, grade, run]);

  /** Enter on the Braille keyboard: translate now and read the text out. */
  function submitCells() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (cells === '') {
      say(t('noCells'));
      return;
    }
    void run({ text: cells, lang: reverseCode, direction: 'to_text', grade }, true);
  }

  const data = result && result.direction === direction ? result.data : null;
  const error = failure ? errorMessage(failure, t) : '';
  const errorId = `${uid}-error`;
  const inputInvalid = failure?.status === 413;

  async function copy() {
    if (!data) return;
    const ok = await copyText(direction === 'to_braille' ? data.braille : data.text, direction === 'to_braille' ? brailleOut.current : textOut.current);
    setDone(ok ? t('copied') : t('copyFailed'));
  }

  function download(kind: 'brf' | 'txt') {
    if (!data) return;
    let name: string;
    if (kind === 'brf') {
      name = data.grade === 2 ? 'lamsa-braille-contracted.brf' : 'lamsa-braille.brf';
      downloadFile(name, brfFile(data.brf), 'text/plain;charset=us-ascii');
    } else if (direction === 'to_braille') {
      name = 'lamsa-braille.txt';
      downloadFile(name, `${data.braille}\n`, 'text/plain;charset=utf-8');
    } else {
      name = 'lamsa-text.txt';
      downloadFile(name, `${data.text}\n`, 'text/plain;charset=utf-8');
    }
    setDone(t('downloaded', { name }));
  }

  const detected = choice === 'auto' && data && direction === 'to_braille' ? ` ${t('detected', { name: t(`codeName.${data.lang}`) })}` : '';
  const codes: CodeChoice[] = direction === 'to_braille' ? ['auto', 'ar', 'en'] : ['ar', 'en'];
  const textId = `${uid}-text`;
  const countId = `${uid}-count`;
  const hintId = `${uid}-hint`;

  return (
    <div className="translator">
      <p className="lead">{t('intro')}</p>
      <p>
        <Link to="/instructions/about-braille">{t('learnLink')}</Link>
        {' · '}
        <Link to="/instructions/contractions">{t('contractionsLink')}</Link>
      </p>

      <div className="tr-options">
        <fieldset className="fieldset">
          <legend>{t('direction')}</legend>
          {(['to_braille', 'to_text'] as const).map((d) => (
            <label key={d} className="tr-radio">
              <input type="radio" name={`${uid}-direction`} value={d} checked={direction === d} onChange={() => setDirection(d)} />
              {d === 'to_braille' ? t('toBraille') : t('toText')}
            </label>
          ))}
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t('code')}</legend>
          {codes.map((c) => (
            <label key={c} className="tr-radio">
              <input
                type="radio"
                name={`${uid}-code`}
                value={c}
                checked={direction === 'to_braille' ? choice === c : reverseCode === c}
                onChange={() => (direction === 'to_braille' ? setChoice(c) : setReverseCode(c as Code))}
              />
              {c === 'auto' ? `${t('auto')}${detected}` : t(`codeOption.${c}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t('grade')}</legend>
          {([1, 2] as const).map((g) => (
            <label key={g} className="tr-radio">
              <input type="radio" name={`${uid}-grade`} value={g} checked={grade === g} onChange={() => setGrade(g)} />
              {t(`gradeOption.g${g}`)}
            </label>
          ))}
        </fieldset>
      </div>

      {direction === 'to_braille' ? (
        <div className={`field ${inputInvalid ? 'field-invalid' : ''}`}>
          <label htmlFor={textId}>{t('textLabel')}</label>
          <textarea
            id={textId}
            className="tr-input"
            dir="auto"
            rows={5}
            value={text}
            aria-invalid={inputInvalid ? true : undefined}
            aria-describedby={[hintId, countId, error ? errorId : null].filter(Boolean).join(' ')}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={hintId} className="field-hint">
            {t('textHint')}
          </p>
          <p id={countId} className={`field-hint ${Array.from(text).length > MAX_CHARS ? 'tr-over' : ''}`}>
            {t('count', { n: formatCount(Array.from(text).length), max: formatCount(MAX_CHARS) })}
          </p>
        </div>
      ) : (
        <>
          <BrailleKeyboard
            id={`${uid}-keyboard`}
            label={t('keyboardLabel')}
            value={cells}
            onChange={setCells}
            code={reverseCode}
            onSubmit={submitCells}
            invalid={inputInvalid}
            describedBy={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          />
          <p id={hintId} className="field-hint">
            {t('keyboardHint')}
          </p>
        </>
      )}

      <ErrorAlert id={errorId}>{error || null}</ErrorAlert>

      <section aria-labelledby={`${uid}-result`} className="tr-result">
        <h2 id={`${uid}-result`}>{t('result')}</h2>
        {busy ? <p className="muted">{t('translating')}</p> : null}
        {!data ? (
          <p className="muted">{direction === 'to_braille' ? t('emptyToBraille') : t('emptyToText')}</p>
        ) : (
          <>
            {direction === 'to_text' ? (
              <div className="field">
                <label htmlFor={`${uid}-out-text`}>{t('outText')}</label>
                <textarea ref={textOut} id={`${uid}-out-text`} className="tr-out-text" readOnly dir="auto" lang={data.lang} rows={rowsFor(data.text)} value={data.text} />
              </div>
            ) : (
              <div className="field">
                <label htmlFor={`${uid}-out-braille`}>{t('outBraille')}</label>
                <textarea ref={brailleOut} id={`${uid}-out-braille`} className="tr-out-braille" readOnly dir="ltr" rows={rowsFor(data.braille)} value={data.braille} />
              </div>
            )}
            <div className="field">
              <label htmlFor={`${uid}-out-dots`}>{t('outDots')}</label>
              <textarea id={`${uid}-out-dots`} className="tr-out-dots" readOnly dir="ltr" rows={rowsFor(data.dots, 1, 6)} value={data.dots} />
            </div>

            <div className="actions">
              <button type="button" className="btn btn-primary" onClick={() => void copy()}>
                {direction === 'to_braille' ? t('copyBraille') : t('copyText')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => download('brf')}>
                {t('downloadBrf')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => download('txt')}>
                {direction === 'to_braille' ? t('downloadBrailleTxt') : t('downloadTextTxt')}
              </button>
            </div>

            {data.unknown.length ? (
              <section aria-labelledby={`${uid}-unknown`} className="tr-unknown">
                <h3 id={`${uid}-unknown`}>{direction === 'to_braille' ? t('unknownToBraille', { code: t(`codeName.${data.lang}`) }) : t('unknownToText')}</h3>
                <ul>
                  {data.unknown.slice(0, 50).map((u, i) => (
                    <li key={`${u.index}-${i}`}>
                      {t('unknownItem', { ch: u.char, what: identify(u.char, ui), position: u.index + 1 })}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <CellsView braille={data.braille} cells={data.cells} code={data.lang} contracted={data.grade === 2} headingId={`${uid}-cells`} />
          </>
        )}
        <StatusMessage>{done || null}</StatusMessage>
        <p role="status" className="visually-hidden" data-testid="translator-announce">
          {said.text}
          {said.n % 2 ? '\u00a0' : ''}
        </p>
      </section>
    </div>
  );
}

/** What the polite live region says when a result arrives. */
export function announcement(data: TranslateResponse, direction: Direction, t: TranslatorT): string {
  if (direction === 'to_text') {
    const code = t(`codeName.${data.lang}`);
    return t('announceText', { code, text: data.text }) + (data.unknown.length ? t('announceUnknownCells', { count: data.unknown.length }) : '');
  }
  const code = data.grade === 2 ? t(`codeNameContracted.${data.lang}`) : t(`codeName.${data.lang}`);
  const n = data.cells.length;
  const braille = n <= ANNOUNCE_MAX_CELLS ? data.braille : null;
  const unknown = data.unknown.length ? t('announceUnknown', { count: data.unknown.length, chars: [...new Set(data.unknown.map((u) => u.char))].slice(0, 10).join(' ') }) : '';
  const cells = t('cellCount', { count: n });
  return (braille === null ? t('announceBrailleLong', { code, cells }) : t('announceBraille', { code, cells, braille })) + unknown;
}
