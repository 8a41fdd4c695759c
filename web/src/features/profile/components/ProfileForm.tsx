import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/Alert';
import { TextField } from '@/components/Field';
import { ProfileFields } from '@/components/ProfileFields';
import { useFormMutation } from '@/lib/forms';
import { EDITABLE, type Editable, type Profile, type ProfilePatch } from '../api/profile';
import { useSaveProfile } from '../api/queries';

const ORDER = [...EDITABLE] as string[];

function initial(p: Profile): Record<Editable, string> {
  return Object.fromEntries(EDITABLE.map((k) => [k, (p[k] as string | null) ?? ''])) as Record<Editable, string>;
}

export function ProfileForm({ profile, onSaved, onCancel }: { profile: Profile; onSaved: (p: Profile) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState(() => initial(profile));
  const fallback = t('errors.problemSending');
  const { fieldErrors, formError, reset, showFieldErrors, send, busy } = useFormMutation(useSaveProfile(fallback), ORDER, fallback, 'p');
  const set = (k: Editable) => (value: string) => setV((o) => ({ ...o, [k]: value }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    if (!v.name.trim()) return showFieldErrors({ name: t('common.requiredField') });
    // Only what changed; an emptied field is cleared with null.
    const before = initial(profile);
    const patch: ProfilePatch = {};
    for (const k of EDITABLE) {
      const now = v[k].trim();
      if (now !== before[k]) patch[k] = now === '' ? null : now;
    }
    send(patch, onSaved);
  }

  const common = { idPrefix: 'p' };
  return (
    <form noValidate onSubmit={onSubmit} className="form" aria-labelledby="details-heading">
      <ErrorAlert>{formError}</ErrorAlert>
      <TextField {...common} name="name" label={t('fields.name')} value={v.name} onChange={set('name')} error={fieldErrors.name} required autoComplete="name" />
      <ProfileFields idPrefix="p" values={v} onChange={(k, value) => set(k)(value)} errors={fieldErrors} />
      <div className="actions">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? t('common.saving') : t('common.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
