import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/Page';
import { ADMIN_NS } from '../i18n';

/** What a signed-in student or instructor sees at /admin. */
export function NotAllowedPage({ home }: { home: string }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <Page title={t('notAllowed.title')}>
      <p>{t('notAllowed.body')}</p>
      <p>
        <Link to={home}>{t('notAllowed.back')}</Link>
      </p>
    </Page>
  );
}
