import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './lib/i18n';
import { paletteCss } from './lib/palette';
import { readLang, readTheme } from './lib/storage';
import './styles/global.css';

// Colours come from the one palette file (lib/palette.ts).
const style = document.createElement('style');
style.id = 'palette';
style.textContent = paletteCss();
document.head.prepend(style);

const lang = readLang();
document.documentElement.lang = lang;
document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
document.documentElement.dataset.theme = readTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
