import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { usePublicT } from '../i18n';

export function NewsPage() {
  const { t } = usePublicT();
  return (
    <Page title={t('newsPage.news')}>
      <EmptyState>
        <p>{t('newsPage.noNewsYet')}</p>
        <p>{t('newsPage.newsFromSocietyAbout')}</p>
      </EmptyState>
    </Page>
  );
}

export function CoursesPage() {
  const { t } = usePublicT();
  return (
    <Page title={t('coursesPage.discoverCourses')}>
      <EmptyState>
        <p>{t('coursesPage.noCoursesPublishedYet')}</p>
        <p>
          {t('coursesPage.meanwhileCanRead')}
          <Link to="/instructions">{t('coursesPage.brailleInstructions')}</Link>
          {t('coursesPage.or')}
          <Link to="/register">{t('coursesPage.createAccount')}</Link>
          {t('coursesPage.text')}
        </p>
      </EmptyState>
    </Page>
  );
}

export function ContactUsPage() {
  const { t } = usePublicT();
  return (
    <Page title={t('contactUsPage.contactUs')}>
      <p>{t('contactUsPage.weGladHearQuestions')}</p>
      <section aria-labelledby="email-heading" className="card">
        <h2 id="email-heading">{t('contactUsPage.eMail')}</h2>
        <p>
          {t('contactUsPage.writeUs')}
          <a href="mailto:contact@lamsa.example" dir="ltr">
            contact@lamsa.example
          </a>
          {t('contactUsPage.weUsuallyReplyWithin')}
        </p>
        <p>
          <a className="btn btn-primary" href={`mailto:contact@lamsa.example?subject=${encodeURIComponent(t('contactUsPage.messageFromLamsa'))}`}>
            {t('contactUsPage.writeMessageEMail')}
          </a>
        </p>
        <p className="muted">{t('contactUsPage.buttonOpensOwnE')}</p>
      </section>
      <section aria-labelledby="learners-heading" className="card">
        <h2 id="learners-heading">{t('contactUsPage.students')}</h2>
        <p>{t('contactUsPage.ifHaveAccountAsk')}</p>
      </section>
    </Page>
  );
}

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
