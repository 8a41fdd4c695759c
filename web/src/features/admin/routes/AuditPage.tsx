import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SelectField, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { pageParam } from '@/components/Pagination';
import { useDownload } from '@/lib/download';
import { loadErrorText } from '@/lib/query';
import { AUDIT_ACTIONS, auditActionKey, auditCsv, type AuditFilters } from '../api/admin';
import { useAudit } from '../api/queries';
import { AdminResults } from '../components/AdminResults';
import { AUDIT_COLUMNS, AuditRow } from '../components/AuditTable';
import { FilterForm } from '../components/Filters';
import { ADMIN_NS } from '../i18n';

/** `/admin/audit`: every admin action and supervisor decision, filtered by actor, action and dates; CSV. */
export function AuditPage() {
  const { t } = useTranslation(ADMIN_NS);
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: pageParam(params),
  };
  const key = JSON.stringify(filters);
  const audit = useAudit(filters);
  const data = audit.data;
  const error = loadErrorText(audit.error, t('loadError'));
  const [draft, setDraft] = useState({ actor: filters.actor ?? '', action: filters.action ?? '', from: filters.from ?? '', to: filters.to ?? '' });
  const csvDownload = useDownload(t('loadError'));

  function apply() {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(draft)) if (v.trim()) next.set(k, v.trim());
    setParams(next);
  }

  function csv() {
    csvDownload.mutate({ request: () => auditCsv(filters), file: 'lamsa-audit.csv' });
  }

  return (
    <Page title={t('audit.title')} docTitle={`${t('audit.title')} — ${t('site')}`}>
      <FilterForm
        onApply={apply}
        actions={
          <button type="button" className="btn btn-secondary" onClick={csv}>
            {t('exportCsv')}
          </button>
        }
      >
        <TextField idPrefix="af" name="actor" label={t('audit.actor')} value={draft.actor} onChange={(v) => setDraft({ ...draft, actor: v })} dir="ltr" />
        <SelectField
          idPrefix="af"
          name="action"
          label={t('audit.action')}
          value={draft.action}
          onChange={(v) => setDraft({ ...draft, action: v })}
          options={[{ value: '', label: t('all') }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(auditActionKey(a)!) }))]}
        />
        <TextField idPrefix="af" name="from" type="date" label={t('audit.from')} value={draft.from} onChange={(v) => setDraft({ ...draft, from: v })} />
        <TextField idPrefix="af" name="to" type="date" label={t('audit.to')} value={draft.to} onChange={(v) => setDraft({ ...draft, to: v })} />
      </FilterForm>
      <AdminResults data={data} error={error} actionError={csvDownload.errorText} caption={t('audit.caption')} captionId="audit-caption" focusKey={key} columns={AUDIT_COLUMNS.map((k) => t(k))}>
        {(a) => <AuditRow key={a.id} entry={a} />}
      </AdminResults>
    </Page>
  );
}
