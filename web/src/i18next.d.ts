/** Every namespace's keys, so `t('…')` is checked by TypeScript. Types only: nothing is bundled. */
import 'i18next';
import type common from './lib/locales/en';
import type live from './features/live/locales/en';
import type notes from './features/notes/locales/en';
import type questions from './features/questions/locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      live: typeof live;
      notes: typeof notes;
      questions: typeof questions;
    };
  }
}
