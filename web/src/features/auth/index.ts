export { ActivatePage } from './routes/ActivatePage';
export { ForgotPasswordPage } from './routes/ForgotPasswordPage';
export { LoginPage } from './routes/LoginPage';
export { RegisterPage } from './routes/RegisterPage';
export { ResetPasswordPage } from './routes/ResetPasswordPage';
export { SettingsPage } from './routes/SettingsPage';
