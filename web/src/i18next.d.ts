/** Every namespace's keys, so `t('…')` is checked by TypeScript. Types only: nothing is bundled. */
import 'i18next';
import type about from './features/public/about/locales/en';
import type admin from './features/admin/locales/en';
import type assessments from './features/assessments/locales/en';
import type brailleCells from './components/braille/locales/en';
import type certificates from './features/certificates/locales/en';
import type common from './lib/locales/en';
import type courses from './features/courses/locales/en';
import type dashboard from './features/dashboard/locales/en';
import type contact from './features/contact/locales/en';
import type live from './features/live/locales/en';
import type news from './features/news/locales/en';
import type notes from './features/notes/locales/en';
import type practice from './features/practice/locales/en';
import type translator from './features/braille/locales/en';
import type instructions from './features/public/instructions/locales/en';
import type publicPages from './features/public/locales/en';
import type questions from './features/questions/locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      about: typeof about;
      admin: typeof admin;
      common: typeof common;
      contact: typeof contact;
      news: typeof news;
      courses: typeof courses;
      certificates: typeof certificates;
      assessments: typeof assessments;
      brailleCells: typeof brailleCells;
      dashboard: typeof dashboard;
      live: typeof live;
      notes: typeof notes;
      practice: typeof practice;
      instructions: typeof instructions;
      public: typeof publicPages;
      questions: typeof questions;
      translator: typeof translator;
    };
  }
}
