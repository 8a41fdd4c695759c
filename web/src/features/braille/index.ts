export { TranslatorPage } from './routes/TranslatorPage';
