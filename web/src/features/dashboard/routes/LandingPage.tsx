import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { Page } from '@/components/Page';
import { sessionAtom } from '@/lib/state';
import { DashboardCounts } from '../components/DashboardCounts';
import { menuFor, type MenuType } from '../menus';
import { useDashTexts } from '../texts';

export function LandingPage({ type }: { type: MenuType }) {
  const txt = useDashTexts();
  const session = useAtomValue(sessionAtom);
  const name = session?.name ?? '';
  const labelOf = (to: string) => txt.labels[menuFor(type).find((i) => i.to === to)?.label ?? ''] ?? to;
  return (
    <Page title={txt.landing.welcome.replace('{name}', name)} docTitle={txt.landing[type]}>
      <p>{txt.landing.intro[type]}</p>
      <DashboardCounts type={type} />
      <section aria-labelledby="areas-heading">
        <h2 id="areas-heading">{txt.landing.areas}</h2>
        <ul className="cards">
          {txt.cards[type].map(([to, text]) => (
            <li key={to} className="card">
              <h3>
                <Link to={to}>{labelOf(to)}</Link>
              </h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
