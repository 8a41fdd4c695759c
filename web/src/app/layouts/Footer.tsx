import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '@/lib/hooks';

const SOCIAL = [
  ['X', 'https://x.com/'],
  ['Facebook', 'https://www.facebook.com/'],
  ['YouTube', 'https://www.youtube.com/'],
  ['Instagram', 'https://www.instagram.com/'],
];

export function Footer() {
  const { t } = useTranslation();
  const [lang, setLang] = useLanguage();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="powered">
          <p className="footer-heading">{t('footer.poweredBy')}</p>
          <p className="text-logo">{t('app.society')}</p>
          <p className="text-logo">{t('footer.lamsaTagline')}</p>
        </div>
        <nav aria-label={t('footer.label')} className="footer-columns">
          <div>
            <h2 className="footer-heading" id="fh-learn">
              {t('footer.learn')}
            </h2>
            <ul aria-labelledby="fh-learn">
              <li>
                <Link to="/courses">{t('footer.courses')}</Link>
              </li>
              <li>
                <Link to="/instructions">{t('footer.instructions')}</Link>
              </li>
              <li>
                <Link to="/contact-us">{t('footer.contactUs')}</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="footer-heading" id="fh-about">
              {t('footer.about')}
            </h2>
            <ul aria-labelledby="fh-about">
              <li>
                <Link to="/about-platform">{t('nav.aboutPlatform')}</Link>
              </li>
              <li>
                <Link to="/about-us">{t('nav.aboutSociety')}</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="footer-heading" id="fh-lang">
              {t('footer.language')}
            </h2>
            <ul aria-labelledby="fh-lang">
              <li>
                <button type="button" className="link-button" lang="ar" aria-pressed={lang === 'ar'} onClick={() => setLang('ar')}>
                  العربية
                </button>
                {/* Without JavaScript (a prerendered page): the page's address in that language. */}
                <noscript>
                  <a href="?lang=ar" lang="ar" hrefLang="ar">
                    العربية
                  </a>
                </noscript>
              </li>
              <li>
                <button type="button" className="link-button" lang="en" aria-pressed={lang === 'en'} onClick={() => setLang('en')}>
                  English
                </button>
                {/* Without JavaScript (a prerendered page): the page's address in that language. */}
                <noscript>
                  <a href="?lang=en" lang="en" hrefLang="en">
                    English
                  </a>
                </noscript>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="footer-heading" id="fh-social">
              {t('footer.social')}
            </h2>
            <ul aria-labelledby="fh-social">
              {SOCIAL.map(([name, href]) => (
                <li key={name}>
                  <a href={href} lang="en" rel="noopener noreferrer">
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <p className="copyright">{t('footer.copyright', { year })}</p>
        <p className="credit">{t('footer.developer')}</p>
      </div>
    </footer>
  );
}
