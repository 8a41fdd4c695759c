import '../news.css';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/components/Alert';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useHydrated } from '@/lib/hydration';
import { loadErrorText } from '@/lib/query';
import { viewOf } from '../api/news';
import { useNewsItem } from '../api/queries';
import { NewsBody } from '../components/NewsBody';
import { NEWS_NS } from '../i18n';

/** `/news/:slug`: title, date, image with its alt text, the body and the item's link. */
export function NewsDetailPage() {
  const { t, i18n } = useTranslation(NEWS_NS);
  const { slug = '' } = useParams();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const item = useNewsItem(slug, lang, (e: unknown) => {
    // A draft or an unknown slug: say so plainly rather than "unable to access data".
    if (e instanceof ApiError && e.status === 404) throw new ApiError(404, e.code, t('notFound'));
    throw e;
  });
  const dto = item.data;
  // The server fills a prerendered item in with the day as written (YYYY-MM-DD); the reader's
  // own date and time, in their time zone, follow once the page is hydrated.
  const hydrated = useHydrated();
  const error = loadErrorText(item.error, t('loadError'));

  const data = dto ? viewOf(dto, lang) : null;
  if (!data) {
    return (
      <Page title={error ? t('title') : t('loading')}>
        <ErrorAlert>{error}</ErrorAlert>
        <p>
          <Link to="/news">{t('back')}</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={data.title} className="news-detail">
      <p className="muted">
        <time dateTime={data.publishedAt}>{t('published', { date: hydrated ? formatDateTime(data.publishedAt, lang) : data.publishedAt.slice(0, 10) })}</time>
      </p>
      {data.imageUrl ? <img className="news-image" src={data.imageUrl} alt={data.imageAlt} /> : null}
      <NewsBody html={data.bodyHtml} />
      {data.link ? (
        <p>
          <a href={data.link} rel="noopener noreferrer">
            {t('link')}
          </a>
        </p>
      ) : null}
      <p>
        <Link to="/news">{t('back')}</Link>
      </p>
    </Page>
  );
}
