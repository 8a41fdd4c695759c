import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { useProfile } from '../api/queries';
import { AvatarSection } from '../components/AvatarSection';
import { ProfileForm } from '../components/ProfileForm';
import { formatShortDay } from '@/lib/format';
import type { Dict } from '@/lib/locales/en';

export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const query = useProfile();
  const profile = query.data ?? null;
  const loadError = query.error ? (query.error instanceof ApiError ? query.error.message : t('errors.unableToAccess')) : '';
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState('');
  const editButton = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);

  useEffect(() => {
    if (editing) document.getElementById('p-name')?.focus();
    else if (restoreFocus.current) {
      restoreFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const show = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? t('common.notSet') : String(v));
  const opt = (v: string | null) => (v ? t(`options.${v as keyof Dict['options']}`, { defaultValue: v }) : t('common.notSet'));

  return (
    <Page title={t('profile.title')}>
      <LoadState loading={!profile} loadError={loadError} status={status} loadingText={t('common.loading')} />
      {profile ? (
        <>
          <section aria-labelledby="details-heading" className="card">
            <h2 id="details-heading">{editing ? t('profile.editTitle') : t('profile.details')}</h2>
            {editing ? (
              <ProfileForm
                profile={profile}
                onSaved={() => {
                  setStatus(t('profile.saved'));
                  restoreFocus.current = true;
                  setEditing(false);
                }}
                onCancel={() => {
                  restoreFocus.current = true;
                  setEditing(false);
                }}
              />
            ) : (
              <>
                <dl className="details">
                  <dt>{t('fields.name')}</dt>
                  <dd>{profile.name}</dd>
                  <dt>{t('fields.email')}</dt>
                  <dd dir="ltr">{profile.email}</dd>
                  <dt>{t('fields.phone')}</dt>
                  <dd dir={profile.phone ? 'ltr' : undefined}>{show(profile.phone)}</dd>
                  <dt>{t('fields.gender')}</dt>
                  <dd>{opt(profile.gender)}</dd>
                  <dt>{t('fields.country')}</dt>
                  <dd>{show(profile.country)}</dd>
                  <dt>{t('fields.job_title')}</dt>
                  <dd>{show(profile.job_title)}</dd>
                  <dt>{t('fields.vision_type')}</dt>
                  <dd>{opt(profile.vision_type)}</dd>
                  <dt>{t('fields.birth_date')}</dt>
                  <dd>{show(profile.birth_date)}</dd>
                  <dt>{t('fields.age')}</dt>
                  <dd>{show(profile.age)}</dd>
                  <dt>{t('fields.education_type')}</dt>
                  <dd>{show(profile.education_type)}</dd>
                  <dt>{t('fields.level')}</dt>
                  <dd>{show(profile.level)}</dd>
                  <dt>{t('fields.bio')}</dt>
                  <dd>{show(profile.bio)}</dd>
                  <dt>{t('profile.memberSince')}</dt>
                  <dd>{formatShortDay(profile.created_at, i18n.language)}</dd>
                </dl>
                <button
                  ref={editButton}
                  type="button"
                  className="btn btn-primary"
                  onClick={() => {
                    setStatus('');
                    setEditing(true);
                  }}
                >
                  {t('profile.edit')}
                </button>
              </>
            )}
          </section>
          <AvatarSection profile={profile} />
        </>
      ) : null}
    </Page>
  );
}
