import { useDashboardT } from '../i18n';
import { Link } from 'react-router';
import { Page } from '@/components/Page';

/** The admin panel's entry: where supervisors manage accounts and content. */
export function AdminPage() {
  const { t } = useDashboardT();
  return (
    <Page title={t('adminTitle')}>
      <p>{t('adminBody')}</p>
      <p>
        <Link to="/supervisor">{t('adminBack')}</Link>
      </p>
    </Page>
  );
}
