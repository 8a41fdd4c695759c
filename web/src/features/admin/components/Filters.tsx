import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ADMIN_NS } from '../i18n';

/**
 * A list's filter form: a search landmark whose submit button applies the fields (the page puts
 * them in the URL, so Back and a reload keep them). `actions` follow the submit button.
 */
export function FilterForm({ onApply, submitLabel, actions, children }: { onApply: () => void; submitLabel?: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation(ADMIN_NS);
  function submit(e: FormEvent) {
    e.preventDefault();
    onApply();
  }
  return (
    <form className="admin-filters" role="search" aria-label={t('search')} onSubmit={submit}>
      {children}
      <button type="submit" className="btn btn-primary">
        {submitLabel ?? t('filter')}
      </button>
      {actions}
    </form>
  );
}

/**
 * A single select that filters at once, with no submit button (news by state, messages by
 * status): choosing a value replaces the query, so the list starts again at page 1.
 */
export function SelectFilter({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation(ADMIN_NS);
  const [, setParams] = useSearchParams();
  return (
    <div className="admin-filters">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select id={id} value={value} onChange={(e) => setParams(e.target.value ? new URLSearchParams({ [name]: e.target.value }) : new URLSearchParams())}>
          <option value="">{t('all')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
