import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Page } from '@/components/Page';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  function back() {
    // history.state.idx is react-router's index in this tab's history: 0 means there is nothing to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  }
  return (
    <Page title={t('errors.notFound')}>
      <p>{t('notFound.body')}</p>
      <p className="actions">
        <button type="button" className="btn btn-primary" onClick={back}>
          {t('common.goBack')}
        </button>
        <Link to="/">{t('common.goHome')}</Link>
      </p>
    </Page>
  );
}
