import { Link } from 'react-router';
import { Page } from '@/components/Page';
import { useDashTexts } from '../texts';

/** The admin panel's entry: where supervisors manage accounts and content. */
export function AdminPage() {
  const txt = useDashTexts();
  return (
    <Page title={txt.adminTitle}>
      <p>{txt.adminBody}</p>
      <p>
        <Link to="/supervisor">{txt.adminBack}</Link>
      </p>
    </Page>
  );
}
