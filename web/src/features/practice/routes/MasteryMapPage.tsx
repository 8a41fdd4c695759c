/**
 * /student/practice/map: the 63 cells of a code as a grid, each with the symbol it stands for
 * and the learner's recall of it now (the lower of reading and writing), shown as a level word
 * and a percentage as well as a border (colour and line style: nothing by colour alone); the
 * same figures as a table; and the cells the learner confuses.
 */
import '../practice.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrailleCell } from '@/components/braille/BrailleCell';
import { dotsPhrase } from '@/components/braille/describe';
import { ErrorAlert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { SelectField } from '@/components/Field';
import { Page } from '@/components/Page';
import { formatPercent } from '@/lib/format';
import { useAppQuery } from '@/lib/query';
import { fetchConfusions, fetchStats, readCode, writeCode, type Code, type SymbolStats } from '../api/practice';
import { usePracticeT } from '../i18n';
import { cellsPhrase, dotList } from '../components/speech';

type Band = 'strong' | 'fair' | 'weak' | 'none';

function band(r: number | null): Band {
  if (r === null) return 'none';
  if (r >= 0.9) return 'strong';
  if (r >= 0.7) return 'fair';
  return 'weak';
}

/** The lower recall of the two directions, or the one practised. */
function recall(s: SymbolStats | undefined): number | null {
  if (!s) return null;
  const known = [s.reading, s.writing].filter((x): x is number => x !== null);
  return known.length ? Math.min(...known) : null;
}

/** Dots of the cell with bit pattern `bits` (bit 0 = dot 1). */
function dotsOfBits(bits: number): number[] {
  return [1, 2, 3, 4, 5, 6].filter((d) => bits & (1 << (d - 1)));
}

export function MasteryMapPage() {
  const { t } = usePracticeT();
  const { i18n } = useTranslation();
  const ui = i18n.language === 'en' ? 'en' : 'ar';
  const [code, setCode] = useState<Code>(() => readCode(ui));
  const stats = useAppQuery({ queryKey: ['practice', 'stats', code], queryFn: () => fetchStats(code) });
  const confusions = useAppQuery({ queryKey: ['practice', 'confusions', code], queryFn: () => fetchConfusions(code) });
  const symbols = stats.data?.symbols ?? [];
  const oneCell = new Map(symbols.filter((s) => s.symbol.cells.dots.length === 1).map((s) => [s.symbol.cells.dots[0], s]));
  const pct = (r: number | null) => (r === null ? t('notYet') : formatPercent(r * 100, ui));

  return (
    <Page title={t('mapTitle')} intro={<p>{t('mapIntro')}</p>}>
      <ErrorAlert>{stats.isError || confusions.isError ? t('loadError') : ''}</ErrorAlert>
      <div className="form">
        <SelectField
          name="map-code"
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
      <section aria-labelledby="map-grid">
        <h2 id="map-grid">{t('mapGrid')}</h2>
        <ul className="mastery-grid">
          {Array.from({ length: 63 }, (_, i) => i + 1).map((bits) => {
            const dots = dotsOfBits(bits);
            const s = oneCell.get(dots.join(''));
            const r = recall(s);
            const b = s ? band(r) : 'none';
            return (
              <li key={bits} className={`mastery-cell band-${b}`}>
                <BrailleCell dots={dots} label={dotsPhrase(dots, ui)} size="small" />
                <span className="mastery-print" dir="auto">
                  {s ? s.symbol.print : '—'}
                </span>
                {/* Screen readers skip a bare "," or ";": the symbol's name says what it is. */}
                {s ? <span className="visually-hidden"> ({s.symbol.name})</span> : null}
                <span className="mastery-level">{s ? `${t(`band.${b}`)}${r === null ? '' : ` · ${formatPercent(r * 100, ui)}`}` : t('noSymbol')}</span>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="map-table">
        <h2 id="map-table">{t('mapTable')}</h2>
        <div className="practice-table-wrap">
          <table className="practice-table">
            <thead>
              <tr>
                <th scope="col">{t('symbol')}</th>
                <th scope="col">{t('dotsCol')}</th>
                <th scope="col">{t('readingCol')}</th>
                <th scope="col">{t('writingCol')}</th>
                <th scope="col">{t('reviewsCol')}</th>
              </tr>
            </thead>
            <tbody>
              {symbols.map((s) => (
                <tr key={s.symbol.print}>
                  <th scope="row">
                    <span dir="auto">{s.symbol.print}</span> ({s.symbol.name})
                  </th>
                  <td>
                    {cellsPhrase(s.symbol.cells.dots, ui, ', ')} <span dir="ltr">{s.symbol.cells.braille}</span>
                  </td>
                  <td>
                    {pct(s.reading)} {s.reading !== null ? `(${t(`band.${band(s.reading)}`)})` : ''}
                  </td>
                  <td>
                    {pct(s.writing)} {s.writing !== null ? `(${t(`band.${band(s.writing)}`)})` : ''}
                  </td>
                  <td>{s.reviews}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="map-confusions">
        <h2 id="map-confusions">{t('confusionsHeading')}</h2>
        {confusions.data && confusions.data.length ? (
          <ul>
            {confusions.data.map((c) => (
              <li key={`${c.expected.braille}${c.given.braille}`}>
                {t('confusionItem', {
                  given: `${c.given_print ?? ''} (${dotsPhrase(dotList(c.given.dots[0] ?? '0'), ui)})`,
                  expected: `${c.expected_print ?? ''} (${dotsPhrase(dotList(c.expected.dots[0] ?? '0'), ui)})`,
                  count: c.count,
                })}
                {c.drilling ? ` — ${t('drilling')}` : ''}
              </li>
            ))}
          </ul>
        ) : confusions.data ? (
          <EmptyState>
            <p>{t('noConfusions')}</p>
          </EmptyState>
        ) : null}
      </section>
    </Page>
  );
}
