import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Pagination, withParams } from '@/components/Pagination';
import { pageCount, type Paged } from '../api/admin';
import { ADMIN_NS } from '../i18n';

/** The admin lists' pagination: "page x of y" links that keep the filters in the URL. */
export function ListPager({ data }: { data: Paged<unknown> }) {
  const { t } = useTranslation(ADMIN_NS);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const pages = pageCount(data);
  return (
    <Pagination
      page={data.page}
      pages={pages}
      hrefFor={(p) => `${pathname}${withParams(params, { page: p })}`}
      labels={{ nav: t('pages'), previous: t('previous'), next: t('next'), pageOf: t('pageOf', { page: data.page, pages }) }}
    />
  );
}
