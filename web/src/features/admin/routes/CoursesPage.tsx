import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SelectField, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { pageParam } from '@/components/Pagination';
import { loadErrorText } from '@/lib/query';
import { type AdminCourse } from '../api/admin';
import { useCourseActiveChange, useCourses } from '../api/queries';
import { AdminResults } from '../components/AdminResults';
import { FilterForm } from '../components/Filters';
import { RowAction } from '../components/RowAction';
import { ADMIN_NS } from '../i18n';

const CAPTION_ID = 'courses-caption';
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
  const [confirm, setConfirm] = useState<AdminCourse | null>(null);
  const courseChange = useCourseActiveChange(t('sendError'));

  function apply() {
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set('q', draft.q.trim());
    if (draft.status) next.set('status', draft.status);
    setParams(next);
  }

  function change(c: AdminCourse, active: boolean) {
    setStatus('');
    courseChange.mutate({ id: c.id, active }, { onSuccess: (res) => setStatus(res.message), onSettled: () => setConfirm(null) });
  }

  return (
    <Page title={t('courses.title')} docTitle={`${t('courses.title')} — ${t('site')}`}>
      <FilterForm onApply={apply}>
        <TextField idPrefix="cf" name="q" label={t('courses.q')} value={draft.q} onChange={(v) => setDraft({ ...draft, q: v })} />
        <SelectField
          idPrefix="cf"
          name="status"
          label={t('courses.status')}
          value={draft.status}
          onChange={(v) => setDraft({ ...draft, status: v })}
          options={[{ value: '', label: t('all') }, ...STATUSES.map((s) => ({ value: s, label: t(`courseStatus.${s}`) }))]}
        />
      </FilterForm>
      <AdminResults
        data={data}
        error={error}
        actionError={courseChange.errorText}
        status={status}
        caption={t('courses.caption')}
        captionId={CAPTION_ID}
        focusKey={key}
        columns={[t('courses.course'), t('courses.status'), t('courses.instructor'), t('courses.enrolled'), t('courses.lessons'), t('user.actions')]}
      >
        {(c) => (
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
                <RowAction label={t('courses.deactivate')} record={c.title} danger onClick={() => setConfirm(c)} />
              ) : c.status === 'inactive' ? (
                <RowAction label={t('courses.reactivate')} record={c.title} busy={courseChange.pending} onClick={() => change(c, true)} />
              ) : null}
            </td>
          </tr>
        )}
      </AdminResults>
      <ConfirmDialog
        open={!!confirm}
        title={t('courses.confirmDeactivate', { title: `\u2068${confirm?.title ?? ''}\u2069` })}
        confirmLabel={t('courses.deactivate')}
        cancelLabel={t('cancel')}
        busy={courseChange.pending}
        onConfirm={() => confirm && change(confirm, false)}
        onClose={() => setConfirm(null)}
        fallbackFocusId={CAPTION_ID}
      >
        <p>{t('courses.confirmBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
