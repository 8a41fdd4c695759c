import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { Footer } from '@/app/layouts/Footer';
import { applyLanguage } from './i18n';
import { queryClient } from './query';
import { SITE_KEY, SiteTemplate, siteView, telOf, type SiteSettings } from './site';
import { langAtom } from './state';

const SET: SiteSettings = {
  society_name_ar: 'جمعية <نور> & أصدقاء',
  society_name_en: 'Nur <Society> & Friends',
  contact_email: 'hello@nur.example.org',
  contact_phone: '+966 (11) 555-0100',
  address_ar: 'شارع النور',
  address_en: 'Light Street',
  social_x: 'https://x.com/nur',
  social_facebook: null,
  social_youtube: 'https://www.youtube.com/@nur',
  social_instagram: null,
  logos: [
    { media_id: 4, url: '/api/media/4?exp=1&sig=a', alt_ar: 'شعار نور', alt_en: 'Nur logo' },
    { media_id: 5, url: '/api/media/5?exp=1&sig=b', alt_ar: 'شعار ثانٍ', alt_en: 'Second logo' },
  ],
  credit_ar: 'تطوير فريق نور',
  credit_en: 'Built by the Nur team',
};

const UNSET: SiteSettings = {
  society_name_ar: null,
  society_name_en: null,
  contact_email: null,
  contact_phone: null,
  address_ar: null,
  address_en: null,
  social_x: null,
  social_facebook: null,
  social_youtube: null,
  social_instagram: null,
  logos: [],
  credit_ar: null,
  credit_en: null,
};

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What src/web_app.rs (`fill`, `site_value`, `site_set`) does to a prerendered page, written again
 * here so that the footer's template can be checked against the footer's own render.
 */
function fill(template: string, s: SiteSettings, lang: 'ar' | 'en'): string {
  const view = siteView(s, lang, false);
  let out = '';
  let rest = template;
  for (;;) {
    const start = rest.indexOf('@@');
    if (start < 0) break;
    const after = rest.slice(start + 2);
    const end = after.indexOf('@@');
    if (end < 0) break;
    const name = after.slice(0, end);
    const tail = after.slice(end + 2);
    const block = /^(IF|NOT):(.+)$/.exec(name);
    if (block) {
      const shown = view.shows(block[2] as never) === (block[1] === 'IF');
      out += rest.slice(0, start);
      rest = tail;
      if (!shown) {
        const close = `@@END:${block[2]}@@`;
        rest = tail.slice(tail.indexOf(close) + close.length);
      }
      continue;
    }
    if (name.startsWith('END:')) {
      out += rest.slice(0, start);
      rest = tail;
      continue;
    }
    const logo = /^SITE:LOGO(\d+)_(URL|ALT)$/.exec(name);
    const value = logo ? view.logos[Number(logo[1]) - 1]?.[logo[2] === 'URL' ? 'url' : 'alt'] : name.startsWith('SITE:') ? view.value(name.slice(5) as never) : null;
    out += rest.slice(0, start) + escape(value ?? '');
    rest = tail;
  }
  return out + rest;
}

function footer(lang: 'ar' | 'en', template: boolean) {
  const store = createStore();
  store.set(langAtom, lang);
  return (
    <Provider store={store}>
      <MemoryRouter>
        <SiteTemplate.Provider value={template}>
          <Footer />
        </SiteTemplate.Provider>
      </MemoryRouter>
    </Provider>
  );
}

/** The DOM a piece of HTML parses into, as hydration compares it: comments left out. */
function dom(html: string): string {
  const div = document.createElement('div');
  div.innerHTML = html;
  const walker = document.createTreeWalker(div, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((c) => c.parentNode?.removeChild(c));
  div.normalize();
  return div.innerHTML;
}

afterEach(() => {
  cleanup();
  applyLanguage('ar');
});

describe('the footer with the site settings', () => {
  it('shows the set details, only the set social links and the logos with their descriptions', async () => {
    applyLanguage('en');
    queryClient.setQueryData(SITE_KEY, SET);
    render(footer('en', false));
    const f = screen.getByRole('contentinfo');
    expect(within(f).getByRole('img', { name: 'Nur logo' }).getAttribute('src')).toBe('/api/media/4?exp=1&sig=a');
    expect(within(f).getByRole('img', { name: 'Second logo' })).toBeTruthy();
    expect(within(f).getByRole('link', { name: 'hello@nur.example.org' }).getAttribute('href')).toBe('mailto:hello@nur.example.org');
    expect(within(f).getByRole('link', { name: '+966 (11) 555-0100' }).getAttribute('href')).toBe('tel:+966115550100');
    const social = within(f.querySelector('[aria-labelledby="fh-social"]') as HTMLElement).getAllByRole('link');
    expect(social.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['X', 'https://x.com/nur'],
      ['YouTube', 'https://www.youtube.com/@nur'],
    ]);
    expect(f.textContent).toContain('© ');
    expect(f.textContent).toContain('Nur <Society> & Friends. All rights reserved.');
    expect(f.textContent).toContain('Built by the Nur team');
    expect(f.querySelector('.text-logo')).toBeNull();
  });

  it('falls back to the society name as text, no contact block and no social links while unset', () => {
    applyLanguage('ar');
    queryClient.setQueryData(SITE_KEY, UNSET);
    render(footer('ar', false));
    const f = screen.getByRole('contentinfo');
    expect(f.querySelectorAll('.text-logo')).toHaveLength(2);
    expect(f.querySelector('#fh-social, #fh-contact, .footer-logos, img')).toBeNull();
    expect(f.textContent).toContain('الجمعية الخيرية لرعاية المكفوفين');
    expect(f.textContent).toContain('تطوير فريق لمسة في الجمعية.');
  });

  it.each<['ar' | 'en', SiteSettings]>([
    ['ar', SET],
    ['en', SET],
    ['ar', UNSET],
    ['en', { ...UNSET, social_instagram: 'https://instagram.com/x', contact_phone: '123 45', logos: [SET.logos[1]] }],
  ])('its prerendered template, filled in as the server does, is the footer the app renders (%s)', async (lang, settings) => {
    await applyLanguage(lang);
    const template = renderToString(footer(lang, true));
    expect(template).toContain('@@IF:SOCIAL@@');
    queryClient.setQueryData(SITE_KEY, settings);
    const rendered = renderToString(footer(lang, false));
    expect(dom(fill(template, settings, lang))).toBe(dom(rendered));
  });

  it('tel: addresses keep the digits and the plus', () => {
    expect(telOf('+966 (11) 555-0100')).toBe('+966115550100');
  });
});
