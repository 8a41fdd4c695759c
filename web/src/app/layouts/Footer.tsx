import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '@/lib/hooks';
import { SOCIAL, SiteIf, siteText, useSite } from '@/lib/site';

/**
 * The footer of every page, with the society's details from the site settings (lib/site.tsx):
 * its logos (or its name as text while none is uploaded), its name, address, e-mail and phone,
 * only the social links that are set, and the credit line.
 */
export function Footer() {
  const { t } = useTranslation();
  const [lang, setLang] = useLanguage();
  const site = useSite();
  const year = new Date().getFullYear();
  const society = siteText(site, 'NAME', t('app.society'));
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="powered">
          <p className="footer-heading">{t('footer.poweredBy')}</p>
          <SiteIf site={site} block="LOGOS">
            <ul className="footer-logos">
              {site.logos.map((logo) => (
                <SiteIf key={logo.slot} site={site} block={`LOGO${logo.slot}`}>
                  <li>
                    <img src={logo.url} alt={logo.alt} loading="lazy" />
                  </li>
                </SiteIf>
              ))}
            </ul>
          </SiteIf>
          <SiteIf site={site} block="LOGOS" unset>
            <p className="text-logo">{society}</p>
            <p className="text-logo">{t('footer.lamsaTagline')}</p>
          </SiteIf>
        </div>
        <SiteIf site={site} block="CONTACT">
          <section className="footer-contact" aria-labelledby="fh-contact">
            <h2 className="footer-heading" id="fh-contact">
              {t('footer.contact')}
            </h2>
            <address>
              <p>{society}</p>
              <SiteIf site={site} block="ADDRESS">
                <p className="footer-address">{site.value('ADDRESS')}</p>
              </SiteIf>
              <SiteIf site={site} block="EMAIL">
                <p>
                  {t('footer.email')}{' '}
                  <a href={`mailto:${site.value('EMAIL')}`} dir="ltr">
                    {site.value('EMAIL')}
                  </a>
                </p>
              </SiteIf>
              <SiteIf site={site} block="PHONE">
                <p>
                  {t('footer.phone')}{' '}
                  <a href={`tel:${site.value('PHONE_TEL')}`} dir="ltr">
                    {site.value('PHONE')}
                  </a>
                </p>
              </SiteIf>
            </address>
          </section>
        </SiteIf>
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
          <SiteIf site={site} block="SOCIAL">
            <div>
              <h2 className="footer-heading" id="fh-social">
                {t('footer.social')}
              </h2>
              <ul aria-labelledby="fh-social">
                {SOCIAL.map(([key, , name]) => (
                  <SiteIf key={key} site={site} block={key}>
                    <li>
                      <a href={site.value(key) ?? undefined} lang="en" rel="noopener noreferrer">
                        {name}
                      </a>
                    </li>
                  </SiteIf>
                ))}
              </ul>
            </div>
          </SiteIf>
        </nav>
        <p className="copyright">{t('footer.copyright', { year, society })}</p>
        <p className="credit">{siteText(site, 'CREDIT', t('footer.developer'))}</p>
      </div>
    </footer>
  );
}
