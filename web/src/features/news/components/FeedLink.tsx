import { useTranslation } from 'react-i18next';
import { feedUrl } from '../api/news';
import { NEWS_NS } from '../i18n';

/** A visible link to the Atom feed in the reader's language (index.html advertises both). */
export function FeedLink() {
  const { t, i18n } = useTranslation(NEWS_NS);
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <p className="news-feed">
      <a href={feedUrl(lang)} type="application/atom+xml" hrefLang={lang}>
        {t('feed')}
      </a>{' '}
      <span className="muted">{t('feedHint')}</span>
    </p>
  );
}
