import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface BaseProps {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Id prefix for forms that share field names on one page. */
  idPrefix?: string;
}

export function fieldId(name: string, prefix = 'f'): string {
  return `${prefix}-${name}`;
}

function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={id}>
      {label}{' '}
      {/* "required" is announced from the input's own required attribute */}
      <span className="field-req" aria-hidden={required ? true : undefined}>
        {required ? t('common.required') : t('common.optional')}
      </span>
    </label>
  );
}

function Extras({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface InputProps extends BaseProps {
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'file';
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
}

export function TextField({ name, label, error, hint, required, idPrefix, type = 'text', value, onChange, autoComplete, dir }: InputProps) {
  const id = fieldId(name, idPrefix);
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        dir={dir}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      />
      <Extras id={id} hint={hint} error={error} />
    </div>
  );
}

interface AreaProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
}

export function TextArea({ name, label, error, hint, required, idPrefix, value, onChange }: AreaProps) {
  const id = fieldId(name, idPrefix);
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <Label id={id} label={label} required={required} />
      <textarea
        id={id}
        name={name}
        value={value}
        rows={4}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <Extras id={id} hint={hint} error={error} />
    </div>
  );
}

interface SelectProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
  /** Adds an empty "Choose…" first option. */
  allowEmpty?: boolean;
}

export function SelectField({ name, label, error, hint, required, idPrefix, value, onChange, options, allowEmpty }: SelectProps) {
  const { t } = useTranslation();
  const id = fieldId(name, idPrefix);
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      >
        {allowEmpty ? <option value="">{t('options.choose')}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Extras id={id} hint={hint} error={error} />
    </div>
  );
}
