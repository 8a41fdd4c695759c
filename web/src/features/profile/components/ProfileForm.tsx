import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/Alert';
import { SelectField, TextArea, TextField } from '@/components/Field';
import { useFormErrors } from '@/lib/forms';
import { EDITABLE, updateProfile, type Editable, type Profile, type ProfilePatch } from '../api/profile';

const ORDER = [...EDITABLE] as string[];

function initial(p: Profile): Record<Editable, string> {
  return Object.fromEntries(EDITABLE.map((k) => [k, (p[k] as string | null) ?? ''])) as Record<Editable, string>;
}

export function ProfileForm({ profile, onSaved, onCancel }: { profile: Profile; onSaved: (p: Profile) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState(() => initial(profile));
  const [busy, setBusy] = useState(false);
  const { fieldErrors, formError, reset, showFieldErrors, fail } = useFormErrors(ORDER, t('errors.problemSending'), 'p');
  const set = (k: Editable) => (value: string) => setV((o) => ({ ...o, [k]: value }));

  async function onSubmit(e: FormEvent) {
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
    setBusy(true);
    try {
      onSaved(await updateProfile(patch));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  const common = { idPrefix: 'p' };
  return (
    <form noValidate onSubmit={onSubmit} className="form" aria-labelledby="details-heading">
      <ErrorAlert>{formError}</ErrorAlert>
      <TextField {...common} name="name" label={t('fields.name')} value={v.name} onChange={set('name')} error={fieldErrors.name} required autoComplete="name" />
      <TextField {...common} name="phone" type="tel" label={t('fields.phone')} value={v.phone} onChange={set('phone')} error={fieldErrors.phone} autoComplete="tel" dir="ltr" />
      <SelectField
        {...common}
        name="gender"
        label={t('fields.gender')}
        value={v.gender}
        onChange={set('gender')}
        error={fieldErrors.gender}
        allowEmpty
        options={[
          { value: 'male', label: t('options.male') },
          { value: 'female', label: t('options.female') },
        ]}
      />
      <TextField {...common} name="country" label={t('fields.country')} value={v.country} onChange={set('country')} error={fieldErrors.country} autoComplete="country-name" />
      <TextField {...common} name="job_title" label={t('fields.job_title')} value={v.job_title} onChange={set('job_title')} error={fieldErrors.job_title} />
      <SelectField
        {...common}
        name="vision_type"
        label={t('fields.vision_type')}
        value={v.vision_type}
        onChange={set('vision_type')}
        error={fieldErrors.vision_type}
        allowEmpty
        options={[
          { value: 'blind', label: t('options.blind') },
          { value: 'low_vision', label: t('options.low_vision') },
          { value: 'sighted', label: t('options.sighted') },
        ]}
      />
      <TextField
        {...common}
        name="birth_date"
        type="date"
        label={t('fields.birth_date')}
        value={v.birth_date}
        onChange={set('birth_date')}
        error={fieldErrors.birth_date}
        hint={t('fields.birthDateHint')}
      />
      <TextField {...common} name="education_type" label={t('fields.education_type')} value={v.education_type} onChange={set('education_type')} error={fieldErrors.education_type} />
      <TextField {...common} name="level" label={t('fields.level')} value={v.level} onChange={set('level')} error={fieldErrors.level} />
      <TextArea {...common} name="bio" label={t('fields.bio')} value={v.bio} onChange={set('bio')} error={fieldErrors.bio} />
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
