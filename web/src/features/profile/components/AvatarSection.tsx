import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { checkAvatarFile, removeAvatar, uploadAvatar, type Profile } from '../api/profile';
import { useAvatarChange } from '../api/queries';

export function AvatarSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // A file refused before sending; a refused request's text comes from the mutation.
  const [fileError, setFileError] = useState('');
  const [status, setStatus] = useState('');
  const change = useAvatarChange(t('errors.problemSending'));
  const error = fileError || change.errorText;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function onPick(e: ChangeEvent<HTMLInputElement>) {
    setFileError('');
    change.reset();
    setStatus('');
    const f = e.target.files?.[0] ?? null;
    if (!f) return setFile(null);
    const problem = checkAvatarFile(f);
    if (problem) {
      setFile(null);
      e.target.value = '';
      setFileError(problem === 'too_large' ? t('errors.fileTooLarge') : t('errors.imageOnly'));
      input.current?.focus();
      return;
    }
    setFile(f);
  }

  function run(action: () => Promise<Profile>, ok: string) {
    if (change.pending) return;
    setFileError('');
    setStatus('');
    change.mutate(action, {
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = '';
        setStatus(ok);
      },
    });
  }

  return (
    <section aria-labelledby="avatar-heading" className="card">
      <h2 id="avatar-heading">{t('profile.avatarHeading')}</h2>
      {profile.avatar ? (
        <img className="avatar" src={profile.avatar} alt={t('profile.avatarAlt')} width={96} height={96} />
      ) : (
        <p>{t('profile.noAvatar')}</p>
      )}
      <div className={`field ${error ? 'field-invalid' : ''}`}>
        <label htmlFor="f-avatar">{t('profile.chooseAvatar')}</label>
        <input
          ref={input}
          id="f-avatar"
          name="avatar"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-describedby={`f-avatar-hint${error ? ' f-avatar-error' : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={onPick}
        />
        <p id="f-avatar-hint" className="field-hint">
          {t('profile.avatarHint')}
        </p>
        <ErrorAlert id="f-avatar-error">{error}</ErrorAlert>
      </div>
      {preview ? <img className="avatar" src={preview} alt={t('profile.previewAlt')} width={96} height={96} /> : null}
      <div className="actions">
        {file ? (
          <button type="button" className="btn btn-primary" onClick={() => run(() => uploadAvatar(file), t('profile.uploaded'))}>
            {t('profile.upload')}
          </button>
        ) : null}
        {profile.avatar ? (
          <button type="button" className="btn btn-secondary" onClick={() => run(removeAvatar, t('profile.removed'))}>
            {t('profile.removeAvatar')}
          </button>
        ) : null}
      </div>
      <StatusMessage>{status}</StatusMessage>
    </section>
  );
}
