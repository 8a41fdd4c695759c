// Public pages other than the home page (which ships in the entry): one lazy chunk.
export { ActivatePage } from '@/features/auth/routes/ActivatePage';
export { ForgotPasswordPage } from '@/features/auth/routes/ForgotPasswordPage';
export { LoginPage } from '@/features/auth/routes/LoginPage';
export { RegisterPage } from '@/features/auth/routes/RegisterPage';
export { ResetPasswordPage } from '@/features/auth/routes/ResetPasswordPage';
export { CataloguePage, CoursePage } from '@/features/courses/routes/CataloguePages';
export { AboutPlatformPage } from '@/features/public/routes/AboutPlatformPage';
export { AboutUsPage } from '@/features/public/routes/AboutUsPage';
export { NotFoundPage } from '@/features/public/routes/SimplePages';
