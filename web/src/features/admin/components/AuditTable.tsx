import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { auditActionKey, type AuditEntry } from '../api/admin';
import { ADMIN_NS } from '../i18n';
import { AdminTable } from './AdminTable';

/** A value of the audit's before/after columns as compact JSON ("—" for none). */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

/** The audit's column headers (keys): the audit page and a user's recent actions show the same columns. */
export const AUDIT_COLUMNS = ['audit.at', 'audit.who', 'audit.what', 'audit.record', 'audit.before', 'audit.after'] as const;

/** One audit row: who, when, what, on which record, before and after. */
export function AuditRow({ entry: a }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const key = auditActionKey(a.action);
  return (
    <tr>
      <td>
        <time dateTime={a.at}>{formatDateTime(a.at, i18n.language)}</time>
      </td>
      <td>{a.actor ? <bdi>{a.actor.name}</bdi> : t('audit.system')}</td>
      <td>
        {key ? t(key) : null}{' '}
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
  );
}

/** Audit rows in a table of their own (a user's recent actions). */
export function AuditTable({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <AdminTable caption={caption} columns={AUDIT_COLUMNS.map((k) => t(k))}>
      {entries.map((a) => (
        <AuditRow key={a.id} entry={a} />
      ))}
    </AdminTable>
  );
}
