import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/Page';
import { usePublicT } from '../i18n';

/** `news`: the latest news section, composed in by the router (features do not import each other). */
export function HomePage({ news }: { news?: ReactNode }) {
  const { t } = usePublicT();
  return (
    <Page title={t('homePage.lamsaLearnBrailleArabic')} docTitle={t('homePage.home')}>
      <p className="lead">
        {t('homePage.lamsaFreeLearningPlatform')}
      </p>
      <p>
        {t('homePage.designedFirstPeopleWho')}
      </p>
      <section aria-labelledby="offer-heading">
        <h2 id="offer-heading">{t('homePage.whatLamsaOffers')}</h2>
        <ul className="cards">
          <li className="card">
            <h3>{t('homePage.stepStepCourses')}</h3>
            <p>{t('homePage.coursesMadeChaptersLessons')}</p>
          </li>
          <li className="card">
            <h3>{t('homePage.sixKeyBrailleKeyboard')}</h3>
            <p>{t('homePage.practiseWritingKeysF')}</p>
          </li>
          <li className="card">
            <h3>{t('homePage.assessments')}</h3>
            <p>{t('homePage.exercisesAfterEachLesson')}</p>
          </li>
          <li className="card">
            <h3>{t('homePage.certificates')}</h3>
            <p>{t('homePage.requestCompletionCertificateWhen')}</p>
          </li>
          <li className="card">
            <h3>{t('homePage.brailleTranslator')}</h3>
            <p>{t('homePage.turnArabicEnglishText')}</p>
          </li>
        </ul>
      </section>
      {news}
      <section aria-labelledby="start-heading">
        <h2 id="start-heading">{t('homePage.startLearning')}</h2>
        <p>
          {t('homePage.createFreeAccountThen')}
          <Link to="/instructions">{t('homePage.brailleInstructions')}</Link>
          {t('homePage.text')}
        </p>
        <p className="actions">
          <Link className="btn btn-primary" to="/register">
            {t('homePage.createAccount')}
          </Link>
          <Link className="btn btn-secondary" to="/about-platform">
            {t('homePage.moreAboutPlatform')}
          </Link>
        </p>
      </section>
    </Page>
  );
}
