import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { auditActionKey, type AuditEntry } from '../api/admin';
import { ADMIN_NS } from '../i18n';

/** A value of the audit's before/after columns as compact JSON ("—" for none). */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

/** Audit rows: who, when, what, on which record, before and after. */
export function AuditTable({ entries, caption, captionId }: { entries: AuditEntry[]; caption: string; captionId?: string }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const actionName = (action: string) => {
    const key = auditActionKey(action);
    return key ? t(key) : null;
  };
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption id={captionId} tabIndex={captionId ? -1 : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.at')}</th>
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('audit.what')}</th>
            <th scope="col">{t('audit.record')}</th>
            <th scope="col">{t('audit.before')}</th>
            <th scope="col">{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((a) => (
            <tr key={a.id}>
              <td>
                <time dateTime={a.at}>{formatDateTime(a.at, i18n.language)}</time>
              </td>
              <td>{a.actor ? <bdi>{a.actor.name}</bdi> : t('audit.system')}</td>
              <td>
                {actionName(a.action)}{' '}
                <code dir="ltr">{a.action}</code>
              </td>
              <td dir="ltr">
                {a.record_kind} #{a.record_id}
              </td>
              <td dir="ltr">
                <pre className="admin-json">{auditValue(a.before)}</pre>
              </td>
              <td dir="ltr">
                <pre className="admin-json">{auditValue(a.after)}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
