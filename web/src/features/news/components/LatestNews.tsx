import '../news.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { viewOf } from '../api/news';
import { useLatestNews } from '../api/queries';
import { NEWS_NS } from '../i18n';

/** The home page's latest three published items; nothing at all when there are none. */
export function LatestNews() {
  const { t, i18n } = useTranslation(NEWS_NS);
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  // A failure shows nothing: the home page stays as it is.
  const { data } = useLatestNews(lang);
  const items = (data?.items ?? []).slice(0, 3).map((n) => viewOf(n, lang));
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="latest-news-heading">
      <h2 id="latest-news-heading">{t('latest')}</h2>
      <ul className="cards">
        {items.map((n) => (
          <li key={n.id} className="card">
            <h3>
              <Link to={`/news/${encodeURIComponent(n.slug)}`}>{n.title}</Link>
            </h3>
            <p className="muted">
              <time dateTime={n.publishedAt}>{formatDateTime(n.publishedAt, lang)}</time>
            </p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/news">{t('allNews')}</Link>
      </p>
    </section>
  );
}
