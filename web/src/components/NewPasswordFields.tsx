import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '@/lib/forms';
import { TextField } from './Field';

/** The server's field names: registering sets `password`, a change in settings sets `new_password`. */
const NAMES = {
  register: ['password', 'password_confirm'],
  change: ['new_password', 'new_password_confirm'],
} as const;

/**
 * A new password and its confirmation (register and settings): the policy as the hint, both
 * fields left to right, `new-password` so password managers offer to generate one.
 */
export function NewPasswordFields({
  kind,
  values,
  onChange,
  errors,
  idPrefix,
}: {
  kind: keyof typeof NAMES;
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  errors: FieldErrors;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const [password, confirm] = NAMES[kind];
  return (
    <>
      <TextField
        idPrefix={idPrefix}
        name={password}
        type="password"
        label={t(`fields.${password}`)}
        value={values[password] ?? ''}
        onChange={(v) => onChange(password, v)}
        error={errors[password]}
        hint={t('fields.passwordHint')}
        required
        autoComplete="new-password"
        dir="ltr"
      />
      <TextField
        idPrefix={idPrefix}
        name={confirm}
        type="password"
        label={t(`fields.${confirm}`)}
        value={values[confirm] ?? ''}
        onChange={(v) => onChange(confirm, v)}
        error={errors[confirm]}
        required
        autoComplete="new-password"
        dir="ltr"
      />
    </>
  );
}
