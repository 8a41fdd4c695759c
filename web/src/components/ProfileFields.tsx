import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '@/lib/forms';
import { SelectField, TextArea, TextField } from './Field';

/** The optional details of a profile, in the order both forms show them. */
export const PROFILE_FIELDS = ['phone', 'gender', 'country', 'job_title', 'vision_type', 'birth_date', 'education_type', 'level', 'bio'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The optional profile details (register and profile): same labels, choices and autocomplete in both. */
export function ProfileFields({
  values,
  onChange,
  errors,
  idPrefix,
}: {
  values: Record<ProfileField, string>;
  onChange: (name: ProfileField, value: string) => void;
  errors: FieldErrors;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const field = (name: ProfileField) => ({ idPrefix, name, label: t(`fields.${name}`), value: values[name], onChange: (v: string) => onChange(name, v), error: errors[name] });
  return (
    <>
      <TextField {...field('phone')} type="tel" autoComplete="tel" dir="ltr" />
      <SelectField
        {...field('gender')}
        allowEmpty
        options={[
          { value: 'male', label: t('options.male') },
          { value: 'female', label: t('options.female') },
        ]}
      />
      <TextField {...field('country')} autoComplete="country-name" />
      <TextField {...field('job_title')} autoComplete="organization-title" />
      <SelectField
        {...field('vision_type')}
        allowEmpty
        options={[
          { value: 'blind', label: t('options.blind') },
          { value: 'low_vision', label: t('options.low_vision') },
          { value: 'sighted', label: t('options.sighted') },
        ]}
      />
      <TextField {...field('birth_date')} type="date" hint={t('fields.birthDateHint')} autoComplete="bday" />
      <TextField {...field('education_type')} />
      <TextField {...field('level')} />
      <TextArea {...field('bio')} />
    </>
  );
}
