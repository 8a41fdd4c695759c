import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SelectField, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { pageParam } from '@/components/Pagination';
import { ApiError } from '@/lib/api-client';
import { loadErrorText } from '@/lib/query';
import { type AdminCourse } from '../api/admin';
import { courseActiveChange, useCourses } from '../api/queries';
import { ListPager } from '../components/ListPager';
import { useFocusOnChange } from '../components/useFocusOnChange';
import { ADMIN_NS } from '../i18n';

const STATUSES = ['draft', 'pending', 'active', 'rejected', 'stop_pending', 'inactive'];

/** `/admin/courses`: every course with its status, instructor and enrolments; stop or restart one. */
export function CoursesPage() {
  const { t } = useTranslation(ADMIN_NS);
  const [params, setParams] = useSearchParams();
  const filters = { q: params.get('q') ?? '', status: params.get('status') ?? '', page: pageParam(params) };
  const key = JSON.stringify(filters);
  const courses = useCourses(filters);
  const data = courses.data;
  const error = loadErrorText(courses.error, t('loadError'));
  const [draft, setDraft] = useState({ q: filters.q, status: filters.status });
  const [status, setStatus] = useState('');
  const [actionError, setActionError] = useState('');
  const [confirm, setConfirm] = useState<AdminCourse | null>(null);
  const [busy, setBusy] = useState(false);
  useFocusOnChange(key, 'courses-caption', !!data);

  function apply(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set('q', draft.q.trim());
    if (draft.status) next.set('status', draft.status);
    setParams(next);
  }

  async function change(c: AdminCourse, active: boolean) {
    setBusy(true);
    setStatus('');
    setActionError('');
    try {
      const res = await courseActiveChange(c.id, active);
      setStatus(res.message);
    } catch (e) {
      setActionError(e instanceof ApiError ? e.message : t('sendError'));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }

  return (
    <Page title={t('courses.title')} docTitle={`${t('courses.title')} — ${t('site')}`}>
      <form className="admin-filters" role="search" aria-label={t('search')} onSubmit={apply}>
        <TextField idPrefix="cf" name="q" label={t('courses.q')} value={draft.q} onChange={(v) => setDraft({ ...draft, q: v })} />
        <SelectField
          idPrefix="cf"
          name="status"
          label={t('courses.status')}
          value={draft.status}
          onChange={(v) => setDraft({ ...draft, status: v })}
          options={[{ value: '', label: t('all') }, ...STATUSES.map((s) => ({ value: s, label: t(`courseStatus.${s}`) }))]}
        />
        <button type="submit" className="btn btn-primary">
          {t('filter')}
        </button>
      </form>
      <ErrorAlert>{error || actionError}</ErrorAlert>
      <StatusMessage>{status}</StatusMessage>
      {!data && !error ? <p>{t('loading')}</p> : null}
      {data ? (
        <>
          <p>{t('results', { count: data.total })}</p>
          {data.items.length === 0 ? (
            <p>{t('noResults')}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption id="courses-caption" tabIndex={-1}>
                  {t('courses.caption')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('courses.course')}</th>
                    <th scope="col">{t('courses.status')}</th>
                    <th scope="col">{t('courses.instructor')}</th>
                    <th scope="col">{t('courses.enrolled')}</th>
                    <th scope="col">{t('courses.lessons')}</th>
                    <th scope="col">{t('user.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((c) => (
                    <tr key={c.id}>
                      <th scope="row">
                        <bdi>{c.title}</bdi>
                      </th>
                      <td>{t(`courseStatus.${c.status}`, { defaultValue: c.status })}</td>
                      <td>
                        <bdi>{c.instructor?.name}</bdi>
                      </td>
                      <td>{c.enrolled_count}</td>
                      <td>{c.lessons_count}</td>
                      <td>
                        {c.status === 'active' || c.status === 'stop_pending' ? (
                          <button type="button" className="btn btn-secondary admin-danger" onClick={() => setConfirm(c)}>
                            {t('courses.deactivate')}
                            <span className="visually-hidden"> {`\u2068${c.title}\u2069`}</span>
                          </button>
                        ) : c.status === 'inactive' ? (
                          <button type="button" className="btn btn-secondary" aria-disabled={busy || undefined} onClick={() => void change(c, true)}>
                            {t('courses.reactivate')}
                            <span className="visually-hidden"> {`\u2068${c.title}\u2069`}</span>
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ListPager data={data} />
        </>
      ) : null}
      <ConfirmDialog
        open={!!confirm}
        title={t('courses.confirmDeactivate', { title: `\u2068${confirm?.title ?? ''}\u2069` })}
        confirmLabel={t('courses.deactivate')}
        cancelLabel={t('cancel')}
        busy={busy}
        onConfirm={() => confirm && void change(confirm, false)}
        onClose={() => setConfirm(null)}
        fallbackFocusId="courses-caption"
      >
        <p>{t('courses.confirmBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
