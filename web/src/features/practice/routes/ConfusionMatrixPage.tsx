/**
 * /instructor/confusions: for one of the instructor's courses, which cell its students write or
 * read for which (practice and assessment answers): a matrix table of the cells involved (rows:
 * the right cell; columns: the cell written instead; each count in its cell), and the same as
 * a list, most frequent first.
 */
import '../practice.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dotsPhrase } from '@/components/braille/describe';
import { ErrorAlert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { SelectField } from '@/components/Field';
import { Page } from '@/components/Page';
import { useAppQuery } from '@/lib/query';
import { fetchCourseConfusions, ownCourses, type CellsDto } from '../api/practice';
import { usePracticeT } from '../i18n';
import { dotList } from '../components/speech';

export function ConfusionMatrixPage() {
  const { t } = usePracticeT();
  const { i18n } = useTranslation();
  const ui = i18n.language === 'en' ? 'en' : 'ar';
  const courses = useAppQuery({ queryKey: ['practice', 'own-courses'], queryFn: ownCourses });
  const [chosen, setChosen] = useState('');
  const courseId = chosen || (courses.data?.[0] ? String(courses.data[0].id) : '');
  const matrix = useAppQuery({
    queryKey: ['practice', 'course-confusions', courseId],
    queryFn: () => fetchCourseConfusions(Number(courseId)),
    enabled: courseId !== '',
  });
  const rows = matrix.data?.confusions ?? [];
  const name = (cells: CellsDto, print: string | null) => `${print ? `${print} ` : ''}(${dotsPhrase(dotList(cells.dots[0] ?? '0'), ui)})`;
  const expected = [...new Map(rows.map((r) => [r.expected.braille, r])).values()];
  const given = [...new Map(rows.map((r) => [r.given.braille, r])).values()];

  return (
    <Page title={t('matrixTitle')} intro={<p>{t('matrixIntro')}</p>}>
      <ErrorAlert>{courses.isError || matrix.isError ? t('loadError') : ''}</ErrorAlert>
      {courses.data && !courses.data.length ? (
        <EmptyState>
          <p>{t('noCourses')}</p>
        </EmptyState>
      ) : null}
      {courses.data && courses.data.length ? (
        <div className="form">
          <SelectField
            name="course"
            label={t('course')}
            value={courseId}
            onChange={setChosen}
            options={courses.data.map((c) => ({ value: String(c.id), label: c.title }))}
          />
        </div>
      ) : null}
      {matrix.data && !rows.length ? (
        <EmptyState>
          <p>{t('noMatrix')}</p>
        </EmptyState>
      ) : null}
      {rows.length ? (
        <>
          <section aria-labelledby="matrix-table">
            <h2 id="matrix-table">{t('matrixTable')}</h2>
            <div className="practice-table-wrap">
              <table className="practice-table confusion-matrix">
                <thead>
                  <tr>
                    <th scope="col">{t('rightCell')}</th>
                    {given.map((g) => (
                      <th scope="col" key={g.given.braille}>
                        {name(g.given, g.given_print)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {expected.map((e) => (
                    <tr key={e.expected.braille}>
                      <th scope="row">{name(e.expected, e.expected_print)}</th>
                      {given.map((g) => {
                        const hit = rows.find((r) => r.expected.braille === e.expected.braille && r.given.braille === g.given.braille);
                        return <td key={g.given.braille}>{hit ? hit.count : 0}</td>;
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="matrix-list">
            <h2 id="matrix-list">{t('matrixList')}</h2>
            <ul>
              {rows.map((r) => (
                <li key={`${r.expected.braille}${r.given.braille}`}>
                  {t('matrixItem', { given: name(r.given, r.given_print), expected: name(r.expected, r.expected_print), count: r.count })}{' '}
                  {t('matrixStudents', { count: r.students })}
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </Page>
  );
}
