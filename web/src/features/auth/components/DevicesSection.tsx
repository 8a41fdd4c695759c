import { useTranslation } from 'react-i18next';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { formatDateTime } from '@/lib/format';
import { loadErrorText } from '@/lib/query';
import type { Device } from '../api/auth';
import { useDevices, useSignOutOthers } from '../api/queries';

/**
 * The signed-in devices (issue 21) and "Sign out everywhere else": every other device's tokens
 * and live connection end at once; this one stays signed in.
 */
export function DevicesSection() {
  const { t, i18n } = useTranslation();
  const list = useDevices();
  const signOut = useSignOutOthers();
  const others = (list.data ?? []).some((d) => !d.current);

  function name(d: Device): string {
    if (d.browser && d.system) return t('auth.deviceName', { browser: d.browser, system: d.system });
    return d.browser ?? d.system ?? t('auth.deviceUnknown');
  }

  return (
    <section aria-labelledby="devices-heading" className="card">
      <h2 id="devices-heading">{t('auth.devicesHeading')}</h2>
      <p>{t('auth.devicesIntro')}</p>
      <ErrorAlert>{loadErrorText(list.error, t('errors.problemSending')) || loadErrorText(signOut.error, t('errors.problemSending'))}</ErrorAlert>
      {list.isPending ? (
        <p role="status">{t('auth.devicesLoading')}</p>
      ) : (
        <ul>
          {(list.data ?? []).map((d) => (
            <li key={d.id}>
              <bdi>{name(d)}</bdi>
              {d.current ? <strong> — {t('auth.deviceThis')}</strong> : null}
              <br />
              <small>
                {t('auth.deviceWhen', {
                  signedIn: formatDateTime(d.signed_in_at, i18n.language),
                  lastUsed: formatDateTime(d.last_used_at, i18n.language),
                })}
              </small>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-secondary"
        aria-disabled={signOut.isPending || !others || undefined}
        onClick={() => {
          if (!signOut.isPending && others) signOut.mutate();
        }}
      >
        {signOut.isPending ? t('auth.signingOutOthers') : t('auth.signOutOthers')}
      </button>
      <StatusMessage>{signOut.isSuccess ? signOut.data.message : ''}</StatusMessage>
    </section>
  );
}
