import '../news.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { Pagination, pageParam, withParams } from '@/components/Pagination';
import { formatDateTime } from '@/lib/format';
import { useHydrated } from '@/lib/hydration';
import { loadErrorText } from '@/lib/query';
import { pageCount, viewOf } from '../api/news';
import { useNewsPage } from '../api/queries';
import { FeedLink } from '../components/FeedLink';
import { NEWS_NS } from '../i18n';

/** `/news`: published items, newest first, ten to a page; the page number is in the URL. */
export function NewsListPage() {
  const { t, i18n } = useTranslation(NEWS_NS);
  const [params] = useSearchParams();
  const page = pageParam(params);
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const news = useNewsPage(page, lang);
  const data = news.data;
  const error = loadErrorText(news.error, t('loadError'));
  const listHeading = useRef<HTMLHeadingElement>(null);
  const firstPage = useRef(page);
  // The first page comes filled in by the server (src/web_app.rs) with each date as its day;
  // the reader's own date and time, in their time zone, follow once the page is hydrated.
  const hydrated = useHydrated();

  // Another page of results: focus its heading, so the reader starts at the new items.
  useEffect(() => {
    if (data && data.page !== firstPage.current) {
      firstPage.current = data.page;
      listHeading.current?.focus();
    }
  }, [data]);

  return (
    <Page title={t('title')} intro={<p>{t('intro')}</p>}>
      {/* The first page is in the HTML; another page arrives after hydration, its place kept (news.css). */}
      <div className="news-results">
        <ErrorAlert>{error}</ErrorAlert>
        {!data && !error ? <p role="status">{t('loading')}</p> : null}
        {data && data.items.length === 0 ? (
          <EmptyState>
            <p>{t('empty')}</p>
            <p>{t('emptyMore')}</p>
          </EmptyState>
        ) : null}
        {data && data.items.length > 0 ? (
          <section aria-labelledby="news-list-heading">
            <h2 id="news-list-heading" ref={listHeading} tabIndex={-1} className="visually-hidden">
              {t('pageOf', { page: data.page, pages: pageCount(data) })}
            </h2>
            <ul className="news-list">
              {data.items.map((item) => {
                const n = viewOf(item, lang);
                return (
                  <li key={n.id} className="card news-card">
                    <h3>
                      <Link to={`/news/${encodeURIComponent(n.slug)}`}>{n.title}</Link>
                    </h3>
                    <p className="muted">
                      <time dateTime={n.publishedAt}>{t('published', { date: hydrated ? formatDateTime(n.publishedAt, lang) : n.publishedAt.slice(0, 10) })}</time>
                    </p>
                    {/* Always there (empty for a body without words): the server's copy of this item has it. */}
                    <p>{n.summary}</p>
                  </li>
                );
              })}
            </ul>
            <Pagination
              page={data.page}
              pages={pageCount(data)}
              hrefFor={(p) => `/news${withParams(params, { page: p })}`}
              labels={{ nav: t('pages'), previous: t('previous'), next: t('next'), pageOf: t('pageOf', { page: data.page, pages: pageCount(data) }) }}
            />
          </section>
        ) : null}
      </div>
      <FeedLink />
    </Page>
  );
}
