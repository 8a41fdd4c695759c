import '@/styles/threads.css';
export { ContactPage } from './routes/ContactPage';
export { NotesPage } from './routes/NotesPage';
