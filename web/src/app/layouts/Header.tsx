import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Disclosure } from '@/components/Disclosure';
import { LanguageToggle } from '@/components/LanguageToggle';
import { menuType } from '@/features/dashboard/menus';
import { useHydrated } from '@/lib/hydration';
import { sessionAtom } from '@/lib/state';

export function Header() {
  const { t } = useTranslation();
  // Prerendered for a visitor: the signed-in link only after hydration (lib/hydration.ts).
  const stored = useAtomValue(sessionAtom);
  const session = useHydrated() ? stored : null;
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setNavOpen(false), [pathname]);
  const start = session ? `/${menuType(session.type)}` : '/login';

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand">
          <span className="brand-dots" aria-hidden="true" dir="ltr">
            ⠇⠍
          </span>
          <span>{t('app.name')}</span>
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={navOpen}
          aria-controls="main-nav-list"
          onClick={() => setNavOpen((o) => !o)}
        >
          {t('nav.menu')}
        </button>
        <nav aria-label={t('nav.main')} className={`main-nav ${navOpen ? 'open' : ''}`}>
          <ul id="main-nav-list" className="nav-list">
            <li>
              <NavLink to="/" end>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <Disclosure label={t('nav.aboutUs')}>
                <ul>
                  <li>
                    <NavLink to="/about-platform">{t('nav.aboutPlatform')}</NavLink>
                  </li>
                  <li>
                    <NavLink to="/about-us">{t('nav.aboutSociety')}</NavLink>
                  </li>
                </ul>
              </Disclosure>
            </li>
            <li>
              <NavLink to="/news">{t('nav.news')}</NavLink>
            </li>
            <li>
              <NavLink to="/courses">{t('nav.courses')}</NavLink>
            </li>
            <li>
              <Disclosure label={t('nav.instructions')}>
                <ul>
                  <li>
                    <NavLink to="/instructions" end>
                      {t('nav.instructionsOverview')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/instructions/about-braille">{t('nav.aboutBraille')}</NavLink>
                  </li>
                  <li>
                    <NavLink to="/instructions/write-braille">{t('nav.writeBraille')}</NavLink>
                  </li>
                  <li>
                    <NavLink to="/instructions/read-braille">{t('nav.readBraille')}</NavLink>
                  </li>
                  <li>
                    <NavLink to="/instructions/contractions">{t('nav.contractions')}</NavLink>
                  </li>
                </ul>
              </Disclosure>
            </li>
            <li>
              <NavLink to="/braille-translator">{t('nav.translator')}</NavLink>
            </li>
          </ul>
        </nav>
        <div className="header-actions">
          <LanguageToggle />
          <Link to={start} className="btn btn-start">
            {t('nav.startNow')}
          </Link>
        </div>
      </div>
    </header>
  );
}
