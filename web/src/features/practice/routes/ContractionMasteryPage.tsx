/**
 * /student/practice/contractions (issue 26): the contractions taught in the learner's
 * contracted courses, by kind (the 63-cell grid does not fit contractions of several cells):
 * each with its cells named by their dots, the example its cards show, and the learner's
 * recall of it now as a level word and a percentage; the same figures as one table; and the
 * contractions the learner confuses.
 */
import '../practice.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { SelectField } from '@/components/Field';
import { Page } from '@/components/Page';
import { formatPercent } from '@/lib/format';
import { useAppQuery } from '@/lib/query';
import { fetchContractionMastery, readCode, writeCode, type Code, type ContractionInfo, type ContractionStats } from '../api/practice';
import { usePracticeT } from '../i18n';
import { cellsPhrase } from '../components/speech';

type Band = 'strong' | 'fair' | 'weak' | 'none';

function band(r: number | null): Band {
  if (r === null) return 'none';
  if (r >= 0.9) return 'strong';
  if (r >= 0.7) return 'fair';
  return 'weak';
}

/** The lower recall of the two directions, or the one practised. */
function recall(s: ContractionStats): number | null {
  const known = [s.reading, s.writing].filter((x): x is number => x !== null);
  return known.length ? Math.min(...known) : null;
}

export function ContractionMasteryPage() {
  const { t } = usePracticeT();
  const { i18n } = useTranslation();
  const ui = i18n.language === 'en' ? 'en' : 'ar';
  const then = ui === 'ar' ? '، ثم ' : ', then ';
  const [code, setCode] = useState<Code>(() => readCode(ui));
  const mastery = useAppQuery({ queryKey: ['practice', 'contractions', code], queryFn: () => fetchContractionMastery(code) });
  const kinds = mastery.data?.kinds ?? [];
  const level = (r: number | null) => (r === null ? t('notYet') : `${formatPercent(r * 100, ui)} (${t(`band.${band(r)}`)})`);
  const dots = (c: ContractionInfo) => cellsPhrase(c.cells.dots, ui, then);

  return (
    <Page title={t('contractionsTitle')} intro={<p>{t('contractionsIntro')}</p>}>
      <ErrorAlert>{mastery.isError ? t('loadError') : ''}</ErrorAlert>
      <div className="form">
        <SelectField
          name="contractions-code"
          label={t('code')}
          value={code}
          onChange={(v) => {
            const c: Code = v === 'en' ? 'en' : 'ar';
            setCode(c);
            writeCode(c);
          }}
          options={[
            { value: 'ar', label: t('codes.ar') },
            { value: 'en', label: t('codes.en') },
          ]}
        />
      </div>
      <p>{t('legend')}</p>
      {mastery.data && !kinds.length ? (
        <EmptyState>
          <p>{t('noContractions')}</p>
        </EmptyState>
      ) : null}
      {kinds.map((k) => (
        <section key={k.kind} aria-labelledby={`kind-${k.kind}`}>
          <h2 id={`kind-${k.kind}`}>{k.kind_name}</h2>
          <ul className="mastery-grid">
            {k.contractions.map((s) => {
              const r = recall(s);
              return (
                <li key={s.contraction.id} className={`mastery-cell band-${band(r)}`}>
                  <span className="mastery-print" dir="auto">
                    {s.contraction.print}
                  </span>{' '}
                  <span dir="ltr" aria-hidden="true">
                    {s.contraction.cells.braille}
                  </span>
                  <span className="visually-hidden"> ({dots(s.contraction)})</span>
                  <span className="mastery-level">
                    {r === null ? t('band.none') : `${t(`band.${band(r)}`)} · ${formatPercent(r * 100, ui)}`}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {kinds.length ? (
        <section aria-labelledby="contractions-table">
          <h2 id="contractions-table">{t('contractionsTable')}</h2>
          <div className="practice-table-wrap">
            <table className="practice-table">
              <thead>
                <tr>
                  <th scope="col">{t('contractionCol')}</th>
                  <th scope="col">{t('kindCol')}</th>
                  <th scope="col">{t('dotsCol')}</th>
                  <th scope="col">{t('exampleCol')}</th>
                  <th scope="col">{t('readingCol')}</th>
                  <th scope="col">{t('writingCol')}</th>
                  <th scope="col">{t('reviewsCol')}</th>
                </tr>
              </thead>
              <tbody>
                {kinds.flatMap((k) =>
                  k.contractions.map((s) => (
                    <tr key={s.contraction.id}>
                      <th scope="row">
                        <span dir="auto">{s.contraction.print}</span>
                      </th>
                      <td>{k.kind_name}</td>
                      <td>
                        {dots(s.contraction)} <span dir="ltr">{s.contraction.cells.braille}</span>
                      </td>
                      <td>
                        {s.example ? (
                          <>
                            <span dir="auto">{s.example.print}</span> <span dir="ltr">{s.example.cells.braille}</span>
                          </>
                        ) : (
                          t('noExample')
                        )}
                      </td>
                      <td>{level(s.reading)}</td>
                      <td>{level(s.writing)}</td>
                      <td>{s.reviews}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      <section aria-labelledby="contractions-confusions">
        <h2 id="contractions-confusions">{t('contractionConfusionsHeading')}</h2>
        {mastery.data?.confusions.length ? (
          <ul>
            {mastery.data.confusions.map((c) => (
              <li key={`${c.expected.id} ${c.given.id}`}>
                {t('confusionItem', {
                  given: `${c.given.print} (${dots(c.given)})`,
                  expected: `${c.expected.print} (${dots(c.expected)})`,
                  count: c.count,
                })}
                {c.drilling ? ` — ${t('drilling')}` : ''}
              </li>
            ))}
          </ul>
        ) : mastery.data ? (
          <EmptyState>
            <p>{t('noContractionConfusions')}</p>
          </EmptyState>
        ) : null}
      </section>
      <p>
        <Link to="/student/practice">{t('backToPractice')}</Link>
      </p>
    </Page>
  );
}
