import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { usePick } from '../components/useLang';

export function NewsPage() {
  const p = usePick();
  return (
    <Page title={p('الأخبار', 'News')}>
      <EmptyState>
        <p>{p('لا توجد أخبار بعد.', 'No news yet.')}</p>
        <p>{p('ستُنشر هنا أخبار الجمعية والدورات الجديدة.', 'News from the society and about new courses will be published here.')}</p>
      </EmptyState>
    </Page>
  );
}

export function CoursesPage() {
  const p = usePick();
  return (
    <Page title={p('اكتشف الدورات', 'Discover courses')}>
      <EmptyState>
        <p>{p('لم تُنشر أي دورة بعد. ستظهر الدورات هنا عندما يعتمدها مشرفو الجمعية.', 'No courses are published yet. Courses will appear here once the society’s supervisors accredit them.')}</p>
        <p>
          {p('في الأثناء يمكنك قراءة ', 'Meanwhile you can read the ')}
          <Link to="/instructions">{p('تعليمات برايل', 'Braille instructions')}</Link>
          {p(' أو ', ' or ')}
          <Link to="/register">{p('إنشاء حساب', 'create an account')}</Link>
          {p('.', '.')}
        </p>
      </EmptyState>
    </Page>
  );
}

export function ContactUsPage() {
  const p = usePick();
  return (
    <Page title={p('اتصل بنا', 'Contact us')}>
      <p>{p('يسعدنا سماع أسئلتكم واقتراحاتكم، وخاصة أي مشكلة في استخدام المنصة مع قارئ الشاشة أو سطر برايل.', 'We are glad to hear your questions and suggestions, especially about any problem using the platform with a screen reader or Braille display.')}</p>
      <section aria-labelledby="email-heading" className="card">
        <h2 id="email-heading">{p('البريد الإلكتروني', 'E-mail')}</h2>
        <p>
          {p('راسلنا على ', 'Write to us at ')}
          <a href="mailto:contact@lamsa.example" dir="ltr">
            contact@lamsa.example
          </a>
          {p('، ونردّ عادة خلال يومي عمل.', '; we usually reply within two working days.')}
        </p>
        <p>
          <a className="btn btn-primary" href={`mailto:contact@lamsa.example?subject=${encodeURIComponent(p('رسالة من منصة لمسة', 'Message from Lamsa'))}`}>
            {p('اكتب رسالة في برنامج البريد', 'Write a message in your e-mail app')}
          </a>
        </p>
        <p className="muted">{p('يفتح هذا الزر برنامج البريد في جهازك؛ لا تُرسل المنصة الرسالة بنفسها.', 'This button opens your own e-mail app; the platform does not send the message itself.')}</p>
      </section>
      <section aria-labelledby="learners-heading" className="card">
        <h2 id="learners-heading">{p('للمتدرّبين', 'For students')}</h2>
        <p>{p('إذا كان لديك حساب، فاسأل مدرّبك من داخل الدورة، أو راجع صفحة المساعدة في لوحة التحكم.', 'If you have an account, ask your instructor from inside your course, or read the help page in your dashboard.')}</p>
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
