import { useLanguage } from '@/lib/hooks';

/**
 * One button that switches to the other language; its label is in that language. Without
 * JavaScript (a prerendered page) it is a link to the page's address in the other language.
 */
export function LanguageToggle({ className }: { className?: string }) {
  const [lang, setLang] = useLanguage();
  const other = lang === 'ar' ? 'en' : 'ar';
  const label = <span lang={other}>{other === 'en' ? 'English' : 'العربية'}</span>;
  return (
    <>
      <button type="button" className={`lang-toggle ${className ?? ''}`} onClick={() => setLang(other)}>
        {label}
      </button>
      <noscript>
        <a className={`lang-toggle ${className ?? ''}`} href={`?lang=${other}`} hrefLang={other}>
          {label}
        </a>
      </noscript>
    </>
  );
}
