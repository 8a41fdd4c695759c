import { BrailleCell } from '@/components/braille/BrailleCell';
import { unicodeToDots, type Code } from '@/components/braille/cells';
import type { CellDto, QuestionDto } from '../api/assessments';
import { differenceText } from '../lib/learning';
import { useAssessmentsT } from '../i18n';
import { CellRow, dotsLine, dotsText } from './CellRow';

/** The cells of a Unicode Braille answer (a space is a blank cell). */
export function cellsOf(braille: string | undefined | null): CellDto[] {
  return Array.from(braille ?? '').map((ch) => ({ unicode: ch === ' ' ? '\u2800' : ch, dots: unicodeToDots(ch) ?? [] }));
}

function SmallCell({ cell, label }: { cell: CellDto | null; label: string }) {
  if (!cell) return <span>{label}</span>;
  return (
    <span className="as-diff-cell">
      <BrailleCell dots={cell.dots} size="small" label={label} />
      <span aria-hidden="true">{label}</span>
    </span>
  );
}

/**
 * One question of a submitted attempt: right or wrong in words, the learner's answer next to
 * the right one, and for Braille input a table of which dots differ in each cell.
 */
export function ResultQuestion({ question: q, index, code }: { question: QuestionDto; index: number; code: Code }) {
  const { t: txt } = useAssessmentsT();
  const n = index + 1;
  const correct = !!q.correct;
  const verdict = correct ? txt('result.right') : txt('result.wrong');
  const pts = txt('result.pointsOf', { a: q.points_awarded ?? 0, count: q.points });
  const base = `r-${q.id}`;

  return (
    <section className={`card as-r ${correct ? 'as-r-right' : 'as-r-wrong'}`} aria-labelledby={`${base}-h`}>
      <h3 id={`${base}-h`}>
        <span aria-hidden="true" className="as-verdict-icon">
          {correct ? '✓ ' : '✗ '}
        </span>
        {txt('result.questionHead', { n, verdict, pts })}
      </h3>
      {q.prompt ? (
        <p dir="auto" className="as-prompt">
          {q.prompt}
        </p>
      ) : null}

      {q.type === 'braille_input' ? (
        <>
          <p>
            {txt('result.toWrite')}:{' '}
            <strong lang={code} dir="auto" className="as-print">
              {q.print}
            </strong>
          </p>
          <div className="as-compare">
            <div>
              <h4>{txt('result.rightCells')}</h4>
              <CellRow cells={q.braille ?? []} label={txt('result.rightCells')} size="small" asText />
            </div>
            <div>
              <h4>{txt('result.yourCells')}</h4>
              {q.answer?.braille && cellsOf(q.answer.braille).length ? (
                <CellRow cells={cellsOf(q.answer.braille)} label={txt('result.yourCells')} size="small" asText />
              ) : (
                <p>{txt('result.noAnswer')}</p>
              )}
            </div>
          </div>
          {q.cell_differences && q.cell_differences.some((d) => !d.correct) ? (
            <>
              <h4 id={`${base}-diff`}>{txt('result.differences')}</h4>
              <p>{txt('result.wrongCells', { count: q.cell_differences.filter((d) => !d.correct).length })}</p>
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
              <div className="as-table-wrap" role="region" aria-labelledby={`${base}-cap`} tabIndex={0}>
                <table className="as-table as-diff-table">
                  <caption id={`${base}-cap`}>{txt('result.diffCaption', { n })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{txt('result.colCell')}</th>
                      <th scope="col">{txt('result.colRight')}</th>
                      <th scope="col">{txt('result.colYours')}</th>
                      <th scope="col">{txt('result.colDiff')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.cell_differences.map((d) => (
                      <tr key={d.position} className={d.correct ? 'as-diff-same' : 'as-diff-wrong'}>
                        <th scope="row">{d.position + 1}</th>
                        <td>
                          <SmallCell cell={d.expected} label={d.expected ? dotsText(d.expected.dots, txt) : txt('result.noCell')} />
                        </td>
                        <td>
                          <SmallCell cell={d.given} label={d.given ? dotsText(d.given.dots, txt) : txt('result.noCell')} />
                        </td>
                        <td>
                          <span aria-hidden="true" className="as-verdict-icon">
                            {d.correct ? '✓ ' : '✗ '}
                          </span>
                          {differenceText(d, txt)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
        </>
      ) : null}

      {q.type === 'text_input' ? (
        <>
          <h4>{txt('result.cellsToRead')}</h4>
          <CellRow cells={q.braille ?? []} label={txt('result.cellsToRead')} size="small" asText />
          <dl className="details">
            <dt>{txt('result.yourReading')}</dt>
            <dd lang={code} dir="auto">
              {q.answer?.text?.trim() ? q.answer.text : txt('result.noAnswer')}
            </dd>
            <dt>{txt('result.rightReading')}</dt>
            <dd lang={code} dir="auto">
              {q.print}
            </dd>
          </dl>
        </>
      ) : null}

      {q.type === 'similar_cells' ? (
        <>
          <h4>
            {txt('result.groupsOf', { letter: '' })}
            <bdi lang={code}>{q.letter}</bdi>
          </h4>
          <ol className="as-result-groups">
            {(q.groups ?? []).map((g, gi) => {
              const mine = q.answer?.choice === gi;
              const right = q.correct_group === gi;
              const marks = [mine ? txt('result.yourChoice') : '', right ? txt('result.theRightGroup') : ''].filter(Boolean);
              return (
                <li key={gi} className={right ? 'as-group-right' : mine ? 'as-group-mine' : undefined}>
                  <span>
                    {txt('take.group', { n: gi + 1 })}: {dotsLine(g, txt)}
                    {marks.length ? <strong> ({marks.join(txt('common.comma'))})</strong> : null}
                  </span>
                  <span className="as-group-cells" dir="ltr" aria-hidden="true">
                    {g.map((c, ci) => (
                      <BrailleCell key={ci} dots={c.dots} size="small" label="" />
                    ))}
                  </span>
                </li>
              );
            })}
          </ol>
          {q.answer?.choice == null ? <p>{txt('result.noAnswer')}</p> : null}
        </>
      ) : null}
    </section>
  );
}
