import { Page } from '@/components/Page';
import { useAboutT } from '../about/i18n';

export function AboutUsPage() {
  const { t } = useAboutT();
  return (
    <Page title={t('aboutUsPage.aboutSociety')}>
      <p className="lead">
        {t('aboutUsPage.charitableSocietyCareBlind')}
      </p>
      <section aria-labelledby="mission-heading">
        <h2 id="mission-heading">{t('aboutUsPage.ourMission')}</h2>
        <p>
          {t('aboutUsPage.weBelieveReadingWriting')}
        </p>
      </section>
      <section aria-labelledby="work-heading">
        <h2 id="work-heading">{t('aboutUsPage.whatWeDo')}</h2>
        <ul>
          <li>{t('aboutUsPage.teachBrailleArabicEnglish')}</li>
          <li>{t('aboutUsPage.trainTeachersFamilyMembers')}</li>
          <li>{t('aboutUsPage.issueCompletionCertificatesCourses')}</li>
          <li>{t('aboutUsPage.raiseAwarenessDigitalAccessibility')}</li>
        </ul>
      </section>
      <section aria-labelledby="why-heading">
        <h2 id="why-heading">{t('aboutUsPage.whyLamsa')}</h2>
        <p>
          {t('aboutUsPage.manyLearnersCannotReach')}
        </p>
      </section>
    </Page>
  );
}
