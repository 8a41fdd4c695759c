import '@/styles/threads.css';
import { useQuestionsT } from '../i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { useQuestions } from '../api/queries';
import { QuestionItem } from '../components/QuestionItem';

/**
 * /instructor/students-questions: every question to this instructor, newest first; a filter for
 * the unanswered ones; an answer form on each. New questions arrive live (`question.asked`); a
 * `badge.questions` event (e.g. an answer given in another tab) reloads the list.
 */
export function InstructorQuestionsPage() {
  const { t } = useQuestionsT();
  const { t: tc } = useTranslation();
  const { data, isError } = useQuestions();
  const questions = data ?? null;
  const loadError = isError ? tc('errors.unexpectedRetrieving') : '';
  const [onlyOpen, setOnlyOpen] = useState(false);
  // Answered on this page while the filter is on: kept in view until the filter changes, so the
  // answer form does not vanish from under the keyboard.
  const [justAnswered, setJustAnswered] = useState<Set<number>>(new Set());

  const all = questions ?? [];
  const open = all.filter((q) => !q.answered).length;
  const shown = onlyOpen ? all.filter((q) => !q.answered || justAnswered.has(q.id)) : all;

  return (
    <Page title={t('instructorTitle')} intro={<p>{t('instructorIntro')}</p>}>
      <ErrorAlert>{loadError}</ErrorAlert>
      <div className="filter-bar">
        <div className="check">
          <input
            id="only-unanswered"
            type="checkbox"
            checked={onlyOpen}
            onChange={(e) => {
              setOnlyOpen(e.target.checked);
              setJustAnswered(new Set());
            }}
          />
          <label htmlFor="only-unanswered">{t('onlyUnanswered')}</label>
        </div>
        {questions ? <p className="muted">{t('counts', { count: all.length, open })}</p> : null}
      </div>
      <section aria-labelledby="list-heading">
        <h2 id="list-heading">{t('listHeading')}</h2>
        {questions === null ? (
          loadError ? null : <p>{tc('common.loading')}</p>
        ) : shown.length ? (
          <ul className="thread-list">
            {shown.map((q) => (
              <QuestionItem
                key={q.id}
                question={q}
                view="instructor"
                onAnswered={(a) => setJustAnswered((s) => new Set(s).add(a.id))}
              />
            ))}
          </ul>
        ) : (
          <EmptyState>
            <p>{onlyOpen && all.length ? t('noneUnanswered') : t('noneInstructor')}</p>
          </EmptyState>
        )}
      </section>
    </Page>
  );
}
