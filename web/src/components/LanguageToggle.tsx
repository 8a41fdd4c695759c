import { useLanguage } from '@/lib/hooks';

/** One button that switches to the other language; its label is in that language. */
export function LanguageToggle({ className }: { className?: string }) {
  const [lang, setLang] = useLanguage();
  const other = lang === 'ar' ? 'en' : 'ar';
  return (
    <button type="button" className={`lang-toggle ${className ?? ''}`} onClick={() => setLang(other)}>
      <span lang={other}>{other === 'en' ? 'English' : 'العربية'}</span>
    </button>
  );
}
