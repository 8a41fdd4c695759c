/**
 * /student/practice: today's session of one Braille code. Settings (code, new cards per day,
 * kept on this device), then the cards one by one — a card answered wrong goes to the end of
 * the queue and comes back — then the confused pairs drilled side by side, then a summary
 * (reviewed, accuracy, due by tomorrow, streak). The learner sets the pace: the session ends
 * when its cards are done, unless the learner set a time box (settings: off, 5, 10 or 20
 * minutes), which counts only time spent on cards, warns a minute before and can be extended
 * (WCAG 2.2.1). Reloading resumes: the server answers what is left of today.
 */
import '../practice.css';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { SelectField } from '@/components/Field';
import { Page } from '@/components/Page';
import { formatPercent } from '@/lib/format';
import { sessionAtom } from '@/lib/state';
import { keepSession, keptAnswers, keptSession, notDelivered, SYNCED_EVENT, type Synced } from '../api/offline';
import {
  fetchSession,
  readCode,
  readNewPerDay,
  readTimeBox,
  TIME_BOXES,
  writeCode,
  writeNewPerDay,
  writeTimeBox,
  type Code,
  type PracticeCard,
  type PracticeSession,
  type TimeBox,
} from '../api/practice';
import { ContractionDrillPanel } from '../components/ContractionDrillPanel';
import { DrillPanel } from '../components/DrillPanel';
import { ReviewCard } from '../components/ReviewCard';
import { usePracticeT } from '../i18n';

type Phase = 'ready' | 'cards' | 'box-up' | 'drills' | 'contraction-drills' | 'summary';

/** A card counts towards the time box for as long as it was on screen, up to this: longer is a break. */
const CARD_COUNTS_AT_MOST_MS = 120_000;
/** The warning comes when this much of the box is left. */
const WARN_BEFORE_MS = 60_000;
/** What "add time" adds. */
const EXTEND_MINUTES = 5;

export function PracticePage() {
  const { t } = usePracticeT();
  const { i18n } = useTranslation();
  const ui = i18n.language === 'en' ? 'en' : 'ar';
  const userId = useAtomValue(sessionAtom)?.userId ?? '';
  const [code, setCode] = useState<Code>(() => readCode(ui));
  const [perDay, setPerDay] = useState(() => readNewPerDay());
  const [timeBox, setTimeBox] = useState<TimeBox>(() => readTimeBox());
  const [session, setSession] = useState<PracticeSession | null>(null);
  const [loadError, setLoadError] = useState('');
  const [phase, setPhase] = useState<Phase>('ready');
  const [queue, setQueue] = useState<PracticeCard[]>([]);
  const [pos, setPos] = useState(0);
  // The time box of the session under way, extensions included (0: none), and what it has used.
  const [boxMs, setBoxMs] = useState(0);
  const spentMs = useRef(0);
  const cardShownAt = useRef(0);
  const [warned, setWarned] = useState(false);
  const [extended, setExtended] = useState(false);
  const [endedAtBox, setEndedAtBox] = useState(false);
  // Answers kept on this device during this visit (each one tells the status to look again).
  const [keptNow, setKeptNow] = useState(0);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const boxUpRef = useRef<HTMLHeadingElement>(null);

  async function load(c: Code, n: number): Promise<PracticeSession | null> {
    setLoadError('');
    try {
      const s = await fetchSession(c, n);
      setSession(s);
      // Kept for a visit without a connection (issue 26).
      void keepSession(userId, c, s).catch(() => undefined);
      return s;
    } catch (err) {
      // Offline: today's session as kept on this device, without the cards answered since.
      const kept = notDelivered(err) ? await keptSession(userId, c).catch(() => null) : null;
      if (kept) {
        setSession(kept);
        return kept;
      }
      setLoadError(t('loadError'));
      return null;
    }
  }

  useEffect(() => {
    void load(code, perDay);
    // Loaded once; settings changes load again from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (phase === 'summary') summaryRef.current?.focus();
    if (phase === 'box-up') boxUpRef.current?.focus();
  }, [phase]);

  // Each card's time starts when it is shown.
  useEffect(() => {
    if (phase === 'cards') cardShownAt.current = Date.now();
  }, [phase, pos]);

  function start() {
    if (!session) return;
    setQueue(session.cards);
    setPos(0);
    setBoxMs(timeBox * 60_000);
    spentMs.current = 0;
    setWarned(false);
    setExtended(false);
    setEndedAtBox(false);
    setPhase(session.cards.length ? 'cards' : afterCards(session));
  }

  function extend() {
    setBoxMs((ms) => ms + EXTEND_MINUTES * 60_000);
    setWarned(false);
    setExtended(true);
  }

  /** "Add time" from the warning: the button goes, so focus goes back to the card in hand. */
  function extendFromWarning() {
    extend();
    requestAnimationFrame(() => (document.getElementById('practice-answer') ?? document.getElementById('practice-next'))?.focus());
  }

  /** After the cards: the confused cells, then the confused contractions, then the summary. */
  function afterCards(s: PracticeSession | null): Phase {
    if (s && s.drills.length) return 'drills';
    if (s && s.contraction_drills?.length) return 'contraction-drills';
    return 'summary';
  }

  async function finishCards() {
    const s = await load(code, perDay);
    setPhase(afterCards(s));
  }

  function next() {
    spentMs.current += Math.min(Math.max(0, Date.now() - cardShownAt.current), CARD_COUNTS_AT_MOST_MS);
    if (pos + 1 >= queue.length) {
      void finishCards();
      return;
    }
    const left = boxMs - spentMs.current;
    if (boxMs && left <= 0) {
      setPhase('box-up');
      return;
    }
    if (boxMs && left <= WARN_BEFORE_MS) setWarned(true);
    setExtended(false);
    setPos(pos + 1);
  }

  function goOn() {
    extend();
    setPos(pos + 1);
    setPhase('cards');
  }

  function endAtBox() {
    setEndedAtBox(true);
    void finishCards();
  }

  const card = queue[pos];
  const due = session ? session.cards.length - session.new_cards : 0;

  return (
    <Page title={t('title')} intro={<p>{t('intro')}</p>}>
      <OfflineStatus userId={userId} keptNow={keptNow} />
      <ErrorAlert>{loadError}</ErrorAlert>
      {phase === 'ready' ? (
        <>
          <Settings
            code={code}
            perDay={perDay}
            timeBox={timeBox}
            onSave={(c, n, box) => {
              setCode(c);
              setPerDay(n);
              setTimeBox(box);
              writeCode(c);
              writeNewPerDay(n);
              writeTimeBox(box);
              void load(c, n);
            }}
          />
          <section className="card" aria-labelledby="practice-today">
            <h2 id="practice-today">{code === 'ar' ? t('codes.ar') : t('codes.en')}</h2>
            {session ? (
              <>
                <p>{session.cards.length ? t('ready', { count: session.cards.length, due, fresh: session.new_cards }) : t('nothingDue')}</p>
                <div className="actions">
                  <button type="button" className="btn btn-primary" id="practice-start" onClick={start}>
                    {session.today.reviewed ? t('resume') : t('start')}
                  </button>
                  <Link to="/student/practice/map">{t('mapLink')}</Link>
                  <Link to="/student/practice/contractions">{t('contractionsLink')}</Link>
                </div>
              </>
            ) : null}
          </section>
        </>
      ) : null}
      {phase === 'cards' ? (
        <div className="practice-box-warning">
          <StatusMessage>{warned ? t('boxWarning') : extended ? t('boxExtended', { count: EXTEND_MINUTES }) : null}</StatusMessage>
          {warned ? (
            <button type="button" className="btn btn-secondary" onClick={extendFromWarning}>
              {t('boxExtend', { count: EXTEND_MINUTES })}
            </button>
          ) : null}
        </div>
      ) : null}
      {phase === 'box-up' ? (
        <section className="card" aria-labelledby="practice-box-up">
          <h2 id="practice-box-up" ref={boxUpRef} tabIndex={-1}>
            {t('boxUpHeading')}
          </h2>
          <p>{t('boxUp', { count: queue.length - pos - 1 })}</p>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={goOn}>
              {t('boxGoOn', { count: EXTEND_MINUTES })}
            </button>
            <button type="button" className="btn btn-secondary" onClick={endAtBox}>
              {t('boxEnd')}
            </button>
          </div>
        </section>
      ) : null}
      {phase === 'cards' && card ? (
        <ReviewCard
          userId={userId}
          onKept={() => setKeptNow((k) => k + 1)}
          key={`${card.id}-${pos}`}
          card={card}
          code={code}
          n={pos + 1}
          total={queue.length}
          onAnswered={(r) => {
            if (r.again_in_session) setQueue((q) => [...q, card]);
          }}
          onNext={next}
        />
      ) : null}
      {phase === 'drills' && session ? (
        <DrillPanel code={code} drills={session.drills} onDone={() => setPhase(session.contraction_drills?.length ? 'contraction-drills' : 'summary')} />
      ) : null}
      {phase === 'contraction-drills' && session ? (
        <ContractionDrillPanel code={code} drills={session.contraction_drills ?? []} onDone={() => setPhase('summary')} />
      ) : null}
      {phase === 'summary' && session ? (
        <section className="card" aria-labelledby="practice-summary">
          <h2 id="practice-summary" ref={summaryRef} tabIndex={-1}>
            {t('summaryHeading')}
          </h2>
          {endedAtBox ? <p>{t('boxEnded')}</p> : null}
          <dl className="practice-summary">
            <div>
              <dt>{t('reviewed')}</dt>
              <dd>{session.today.reviewed}</dd>
            </div>
            <div>
              <dt>{t('accuracy')}</dt>
              <dd>{formatPercent(session.today.reviewed ? (100 * session.today.correct) / session.today.reviewed : 0, ui)}</dd>
            </div>
            <div>
              <dt>{t('dueTomorrow')}</dt>
              <dd>{session.due_tomorrow}</dd>
            </div>
            <div>
              <dt>{t('streak')}</dt>
              <dd>{t('streakValue', { count: session.streak })}</dd>
            </div>
          </dl>
          <div className="actions">
            <button type="button" className="btn btn-secondary" onClick={() => setPhase('ready')}>
              {t('again')}
            </button>
            <Link to="/student/practice/map">{t('mapLink')}</Link>
          </div>
        </section>
      ) : null}
    </Page>
  );
}

/**
 * Says, in a polite live region, that the learner is offline and their answers are kept on this
 * device, and, once they are sent, how many were; how many wait is shown beside it.
 */
function OfflineStatus({ userId, keptNow }: { userId: string; keptNow: number }) {
  const { t } = usePracticeT();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [waiting, setWaiting] = useState(0);
  const [sent, setSent] = useState(0);

  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => {
      setOnline(false);
      setSent(0);
    };
    const synced = (e: Event) => {
      const { sent: n, left } = (e as CustomEvent<Synced>).detail;
      setSent(n);
      setWaiting(left);
    };
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    window.addEventListener(SYNCED_EVENT, synced);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
      window.removeEventListener(SYNCED_EVENT, synced);
    };
  }, []);

  useEffect(() => {
    let live = true;
    keptAnswers(userId).then(
      (a) => live && setWaiting(a.length),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId, keptNow, online]);

  const offline = !online || (keptNow > 0 && waiting > 0);
  return (
    <div className="practice-offline">
      <StatusMessage>{offline ? t('offline') : sent ? t('synced', { count: sent }) : null}</StatusMessage>
      {/* Outside the live region: the count changes with each answer, the sentence above does not. */}
      {offline && waiting ? <p className="practice-offline-waiting">{t('offlineWaiting', { count: waiting })}</p> : null}
    </div>
  );
}

function Settings({ code, perDay, timeBox, onSave }: { code: Code; perDay: number; timeBox: TimeBox; onSave: (c: Code, n: number, box: TimeBox) => void }) {
  const { t } = usePracticeT();
  const [c, setC] = useState<Code>(code);
  const [n, setN] = useState(String(perDay));
  const [box, setBox] = useState<TimeBox>(timeBox);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = Number(n.trim());
    if (!/^\d+$/.test(n.trim()) || value > 50) {
      setError(t('newPerDayInvalid'));
      setSaved('');
      document.getElementById('practice-new')?.focus();
      return;
    }
    setError('');
    onSave(c, value, box);
    setSaved(t('saved'));
  }

  return (
    <section className="card" aria-labelledby="practice-settings">
      <h2 id="practice-settings">{t('settingsHeading')}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <SelectField
          name="code"
          idPrefix="practice"
          label={t('code')}
          value={c}
          onChange={(v) => setC(v === 'en' ? 'en' : 'ar')}
          options={[
            { value: 'ar', label: t('codes.ar') },
            { value: 'en', label: t('codes.en') },
          ]}
        />
        <div className={`field ${error ? 'field-invalid' : ''}`}>
          <label htmlFor="practice-new">{t('newPerDay')}</label>
          <input
            id="practice-new"
            name="new"
            type="number"
            inputMode="numeric"
            min={0}
            max={50}
            value={n}
            aria-invalid={error ? true : undefined}
            aria-describedby={`practice-new-hint${error ? ' practice-new-error' : ''}`}
            onChange={(e) => setN(e.target.value)}
          />
          <p id="practice-new-hint" className="field-hint">
            {t('newPerDayHint')}
          </p>
          {error ? (
            <p id="practice-new-error" className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <SelectField
          name="time-box"
          idPrefix="practice"
          label={t('timeBox')}
          hint={t('timeBoxHint')}
          value={String(box)}
          onChange={(v) => setBox((TIME_BOXES.find((b) => String(b) === v) ?? 0) as TimeBox)}
          options={TIME_BOXES.map((b) => ({ value: String(b), label: b ? t('timeBoxMinutes', { count: b }) : t('timeBoxOff') }))}
        />
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t('save')}
          </button>
        </div>
        <StatusMessage>{saved}</StatusMessage>
      </form>
    </section>
  );
}
