// The supervisor dashboard's pages except the certificate pages (their own chunk).
export { SettingsPage } from '@/features/auth/routes/SettingsPage';
export { QueuePage, ReviewPage } from '@/features/courses/routes/SupervisorPages';
export { LandingPage } from '@/features/dashboard/routes/LandingPage';
export { ContactPage } from '@/features/notes/routes/ContactPage';
export { ProfilePage } from '@/features/profile/routes/ProfilePage';
export { NotFoundPage } from '@/features/public/routes/SimplePages';
