/**
 * /student/practice: today's session of one Braille code. Settings (code, new cards per day,
 * kept on this device), then the cards one by one — a card answered wrong goes to the end of
 * the queue and comes back — then the confused pairs drilled side by side, then a summary
 * (reviewed, accuracy, due by tomorrow, streak). At most the session's time limit (ten
 * minutes): after it, the card in hand is the last. Reloading resumes: the server answers
 * what is left of today.
 */
import '../practice.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { SelectField } from '@/components/Field';
import { Page } from '@/components/Page';
import { formatPercent } from '@/lib/format';
import { fetchSession, readCode, readNewPerDay, writeCode, writeNewPerDay, type Code, type PracticeCard, type PracticeSession } from '../api/practice';
import { DrillPanel } from '../components/DrillPanel';
import { ReviewCard } from '../components/ReviewCard';
import { usePracticeT } from '../i18n';

type Phase = 'ready' | 'cards' | 'drills' | 'summary';

export function PracticePage() {
  const { t } = usePracticeT();
  const { i18n } = useTranslation();
  const ui = i18n.language === 'en' ? 'en' : 'ar';
  const [code, setCode] = useState<Code>(() => readCode(ui));
  const [perDay, setPerDay] = useState(() => readNewPerDay());
  const [session, setSession] = useState<PracticeSession | null>(null);
  const [loadError, setLoadError] = useState('');
  const [phase, setPhase] = useState<Phase>('ready');
  const [queue, setQueue] = useState<PracticeCard[]>([]);
  const [pos, setPos] = useState(0);
  const [timeUp, setTimeUp] = useState(false);
  const startedAt = useRef(0);
  const summaryRef = useRef<HTMLHeadingElement>(null);

  async function load(c: Code, n: number): Promise<PracticeSession | null> {
    setLoadError('');
    try {
      const s = await fetchSession(c, n);
      setSession(s);
      return s;
    } catch {
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
  }, [phase]);

  function start() {
    if (!session) return;
    const started = session.today.started_at ? Date.parse(session.today.started_at) : Date.now();
    startedAt.current = Number.isFinite(started) ? started : Date.now();
    setQueue(session.cards);
    setPos(0);
    setTimeUp(false);
    setPhase(session.cards.length ? 'cards' : session.drills.length ? 'drills' : 'summary');
  }

  async function finishCards() {
    const s = await load(code, perDay);
    setPhase(s && s.drills.length ? 'drills' : 'summary');
  }

  function next() {
    const over = Date.now() - startedAt.current > (session?.time_limit_secs ?? 600) * 1000;
    if (over) setTimeUp(true);
    if (over || pos + 1 >= queue.length) void finishCards();
    else setPos(pos + 1);
  }

  const card = queue[pos];
  const due = session ? session.cards.length - session.new_cards : 0;

  return (
    <Page title={t('title')} intro={<p>{t('intro')}</p>}>
      <ErrorAlert>{loadError}</ErrorAlert>
      {phase === 'ready' ? (
        <>
          <Settings
            code={code}
            perDay={perDay}
            onSave={(c, n) => {
              setCode(c);
              setPerDay(n);
              writeCode(c);
              writeNewPerDay(n);
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
                </div>
              </>
            ) : null}
          </section>
        </>
      ) : null}
      {phase === 'cards' && card ? (
        <ReviewCard
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
      {phase === 'drills' && session ? <DrillPanel code={code} drills={session.drills} onDone={() => setPhase('summary')} /> : null}
      {phase === 'summary' && session ? (
        <section className="card" aria-labelledby="practice-summary">
          <h2 id="practice-summary" ref={summaryRef} tabIndex={-1}>
            {t('summaryHeading')}
          </h2>
          {timeUp ? <p>{t('timeUp')}</p> : null}
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

function Settings({ code, perDay, onSave }: { code: Code; perDay: number; onSave: (c: Code, n: number) => void }) {
  const { t } = usePracticeT();
  const [c, setC] = useState<Code>(code);
  const [n, setN] = useState(String(perDay));
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
    onSave(c, value);
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
