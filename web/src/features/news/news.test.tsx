import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import { NewsDetailPage } from './routes/NewsDetailPage';
import { NewsListPage } from './routes/NewsListPage';

const item = (id: number, title: string) => ({
  id,
  slug: `item-${id}`,
  title_ar: `عنوان ${id}`,
  title_en: title,
  body_html_ar: '<p>نص</p>',
  body_html_en: `<p>Body of ${title}</p>`,
  summary_ar: 'نص',
  summary_en: `Body of ${title}`,
  image_url: null,
  image_alt_ar: null,
  image_alt_en: null,
  link: null,
  published_at: '2026-11-20T10:00:00Z',
});

// Page n of 2: one item per page.
function server() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const page = /^\/api\/news\?page=(\d+)/.exec(url);
      if (page) {
        const n = Number(page[1]);
        return new Response(JSON.stringify({ items: [item(n, `Item ${n}`)], page: n, per_page: 1, total: 2 }));
      }
      if (url === '/api/news/item-1') return new Response(JSON.stringify(item(1, 'Item 1')));
      return new Response(JSON.stringify({ code: 'not_found', message: 'Not found' }), { status: 404 });
    }),
  );
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/news', element: <NewsListPage /> },
      { path: '/news/:slug', element: <NewsDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  queryClient.clear();
  applyLanguage('en');
  server();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('news pages', () => {
  it('another page of the list: its items, and focus on the new page heading', async () => {
    const user = userEvent.setup();
    open('/news');
    await screen.findByRole('link', { name: 'Item 1' });
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Item 2' });
    expect(screen.queryByRole('link', { name: 'Item 1' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Page 2 of 2'));
  });

  it('an item: its title as the heading; an unknown one says so plainly', async () => {
    const router = open('/news/item-1');
    await screen.findByRole('heading', { level: 1, name: 'Item 1' });
    expect(screen.getByText('Body of Item 1')).toBeTruthy();
    await router.navigate('/news/draft');
    await screen.findByText('This news item does not exist or is not published.');
    expect(screen.getByRole('link', { name: 'Back to all news' })).toBeTruthy();
  });
});
