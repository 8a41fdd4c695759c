import { Page } from '@/components/Page';
import { useAboutT } from '../about/i18n';

export function AboutPlatformPage() {
  const { t } = useAboutT();
  return (
    <Page title={t('aboutPlatformPage.aboutPlatform')}>
      <p className="lead">
        {t('aboutPlatformPage.lamsaMeansTouchArabic')}
      </p>
      <section aria-labelledby="who-heading">
        <h2 id="who-heading">{t('aboutPlatformPage.who')}</h2>
        <ul>
          <li>{t('aboutPlatformPage.studentsBlindLowVision')}</li>
          <li>{t('aboutPlatformPage.instructorsTheyCreateCourses')}</li>
          <li>{t('aboutPlatformPage.societySupervisorsTheyAccredit')}</li>
        </ul>
      </section>
      <section aria-labelledby="how-heading">
        <h2 id="how-heading">{t('aboutPlatformPage.howLearn')}</h2>
        <p>
          {t('aboutPlatformPage.eachCourseDividedInto')}
        </p>
        <p>
          {t('aboutPlatformPage.answerSixKeyBraille')}
        </p>
      </section>
      <section aria-labelledby="access-heading">
        <h2 id="access-heading">{t('aboutPlatformPage.accessibilityFirst')}</h2>
        <p>
          {t('aboutPlatformPage.arabicDefaultLanguageRight')}
        </p>
      </section>
    </Page>
  );
}
