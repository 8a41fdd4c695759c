import { useDashboardT } from '../i18n';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { Page } from '@/components/Page';
import { sessionAtom } from '@/lib/state';
import { DashboardCounts } from '../components/DashboardCounts';
import type en from '../locales/en';
import { menuFor, type MenuType } from '../menus';

/** The menu entries that get a card on the landing page, in this order. */
const CARDS: Record<MenuType, Array<keyof (typeof en)['cards']>> = {
  student: ['discoverCourses', 'myCourses', 'certificates', 'help'],
  instructor: ['createCourse', 'trackStudents', 'studentsQuestions', 'profile'],
  supervisor: ['accreditation', 'certificateRequests', 'stop', 'contactStudent'],
};

export function LandingPage({ type }: { type: MenuType }) {
  const { t } = useDashboardT();
  const session = useAtomValue(sessionAtom);
  const name = session?.name ?? '';
  return (
    <Page title={t('landing.welcome', { name })} docTitle={t(`landing.${type}`)}>
      <p>{t(`landing.intro.${type}`)}</p>
      <DashboardCounts type={type} />
      <section aria-labelledby="areas-heading">
        <h2 id="areas-heading">{t('landing.areas')}</h2>
        <ul className="cards">
          {CARDS[type].map((label) => {
            const to = menuFor(type).find((i) => i.label === label)?.to ?? '';
            return (
              <li key={label} className="card">
                <h3>
                  <Link to={to}>{t(`labels.${label}`)}</Link>
                </h3>
                <p>{t(`cards.${label}`)}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </Page>
  );
}
