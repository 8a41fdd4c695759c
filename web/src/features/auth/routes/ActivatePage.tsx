import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { activate } from '../api/auth';

export function ActivatePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [state, setState] = useState<{ ok?: string; error?: string }>({});
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Post once per token, also under React's development double effects.
    if (sent.current === token) return;
    sent.current = token;
    activate(token)
      .then((res) => setState({ ok: res.message }))
      .catch((e: unknown) => setState({ error: e instanceof ApiError ? e.message : t('errors.problemSending') }));
  }, [token, t]);

  const pending = !state.ok && !state.error;
  return (
    <Page title={t('auth.activateTitle')}>
      <div className="card">
        {pending ? <p>{t('auth.activating')}</p> : null}
        <StatusMessage>{state.ok}</StatusMessage>
        <ErrorAlert>{state.error}</ErrorAlert>
        {!pending ? (
          <p>
            <Link to="/login" className="btn btn-primary">
              {t('auth.goLogin')}
            </Link>
          </p>
        ) : null}
      </div>
    </Page>
  );
}
