import { Link } from 'react-router';
import { Page } from '@/components/Page';
import { useSiteSettings } from '@/lib/site';
import { useHelpT } from '../i18n';

const KEYS: Array<[string, number]> = [
  ['F', 1],
  ['D', 2],
  ['S', 3],
  ['J', 4],
  ['K', 5],
  ['L', 6],
];

export function HelpPage() {
  const { t, i18n } = useHelpT();
  // The society's address from the site settings; the contact form while none is set.
  const email = useSiteSettings()?.contact_email ?? null;
  return (
    <Page title={t('title')}>
      <section aria-labelledby="help-sr">
        <h2 id="help-sr">{t('srHeading')}</h2>
        <p>{t('srBody')}</p>
        <ul>
          <li>{t('srHeadings')}</li>
          <li>{t('srLandmarks')}</li>
          <li>{t('srErrors')}</li>
        </ul>
      </section>
      <section aria-labelledby="help-kb">
        <h2 id="help-kb">{t('kbHeading')}</h2>
        <ul>
          <li>{t('kbTab')}</li>
          <li>{t('kbSkip')}</li>
          <li>{t('kbMenus')}</li>
          <li>{t('kbToggles')}</li>
        </ul>
      </section>
      <section aria-labelledby="help-braille">
        <h2 id="help-braille">{t('brailleHeading')}</h2>
        <p>{t('brailleBody')}</p>
        <table className="keys-table">
          <caption>{t('keysCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('keyCol')}</th>
              <th scope="col">{t('dotCol')}</th>
            </tr>
          </thead>
          <tbody>
            {KEYS.map(([k, d]) => (
              <tr key={k}>
                {/* Key names are English letters, whatever the page's language. */}
                <td lang={i18n.language === 'en' ? undefined : 'en'}>{k}</td>
                <td>{d}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>{t('spaceBackspace')}</p>
      </section>
      <section aria-labelledby="help-cert">
        <h2 id="help-cert">{t('certHeading')}</h2>
        <p>{t('certBody')}</p>
      </section>
      <section aria-labelledby="help-contact">
        <h2 id="help-contact">{t('contactHeading')}</h2>
        {email ? (
          <p>
            {t('contactBefore')}{' '}
            <a href={`mailto:${email}`} dir="ltr">
              {email}
            </a>
            {t('contactAfter')}
          </p>
        ) : (
          <p>
            {t('contactFormBefore')} <Link to="/contact-us">{t('contactForm')}</Link>
            {t('contactAfter')}
          </p>
        )}
      </section>
    </Page>
  );
}
