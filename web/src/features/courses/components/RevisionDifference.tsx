import type { Change, DiffItem, Difference, FieldChange } from '../api/courses';
import type { CoursesT } from '../i18n';

const ORDER: DiffItem[] = ['course', 'chapter', 'lesson', 'assessment', 'question'];

/** How many fields a revision changes in all (an added or removed item counts once): what makes a small one small. */
export function differenceSize(d: Difference | null | undefined): number {
  return (d?.changes ?? []).reduce((n, c) => n + (c.change === 'changed' ? Math.max(c.fields.length, 1) : 1), 0);
}

function fieldLabel(txt: CoursesT, field: string): string {
  // Field codes come from the server, so the key is only known at run time.
  const lookup = txt as unknown as (key: string, options: { defaultValue: string }) => string;
  return lookup(`revision.fields.${field}`, { defaultValue: field });
}

function Value({ text, txt }: { text: string; txt: CoursesT }) {
  if (!text) return <>{txt('revision.empty')}</>;
  return (
    <bdi dir="auto" className="crs-diff-value">
      {text}
    </bdi>
  );
}

function FieldRow({ f, change, txt }: { f: FieldChange; change: Change['change']; txt: CoursesT }) {
  return (
    <>
      <dt>{fieldLabel(txt, f.field)}</dt>
      <dd>
        {change !== 'added' ? (
          <p>
            <span className="crs-diff-side">{txt('revision.before')}: </span>
            <Value text={f.before} txt={txt} />
          </p>
        ) : null}
        {change !== 'removed' ? (
          <p>
            <span className="crs-diff-side">{txt('revision.after')}: </span>
            <Value text={f.after} txt={txt} />
          </p>
        ) : null}
      </dd>
    </>
  );
}

/**
 * What a revision changes in a live course, for the supervisor who decides it: one heading per
 * kind of item (course details, chapters, lessons, assessments, questions), a list of the items
 * added, removed or changed, and for each its fields before and after, all said in words (never
 * by colour alone) so a screen reader reads the same as the eye sees.
 */
export function RevisionDifference({ difference, txt, level = 3 }: { difference: Difference; txt: CoursesT; level?: 2 | 3 }) {
  const H = level === 2 ? 'h2' : 'h3';
  const groups = ORDER.map((kind) => ({ kind, changes: difference.changes.filter((c) => c.item === kind) })).filter((g) => g.changes.length > 0);
  if (groups.length === 0) return <p>{txt('revision.noChanges')}</p>;
  return (
    <div className="crs-diff">
      {groups.map((g) => (
        <section key={g.kind} aria-labelledby={`diff-${g.kind}`}>
          <H id={`diff-${g.kind}`}>{txt(`revision.kinds.${g.kind}`)}</H>
          <ul>
            {g.changes.map((c, i) => (
              <li key={i} className={`crs-diff-item crs-diff-${c.change}`}>
                <p>
                  <strong>{txt(`revision.change.${c.change}`)}</strong>: <bdi>{txt('common.quoted', { t: c.title })}</bdi>
                  {c.within ? <> {txt('revision.within', { w: c.within })}</> : null}
                </p>
                {c.fields.length > 0 ? (
                  <dl className="details crs-diff-fields">
                    {c.fields.map((f) => (
                      <FieldRow key={f.field} f={f} change={c.change} txt={txt} />
                    ))}
                  </dl>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
