export { AuthProvider, hasSessionHint, type InitialAuth } from './auth-context.tsx';
export { useAuth } from './use-auth.ts';
export { authApi } from './api.ts';
export { SignInForm } from './sign-in-form.tsx';
export { SignUpForm, ForgotPasswordForm, loadSignUpForm, loadForgotPasswordForm } from './lazy-forms.tsx';
export { GoogleButton } from './google-button.tsx';
export {
  ProtectedRoute,
  StaffRoute,
  AdminOnlySection,
  AccessDenied,
  STAFF_ONLY_MESSAGE,
  staffRefusalMessage,
} from './guards.tsx';
export { saveRedirectPath, takeRedirectPath, REDIRECT_DELAY_MS } from './redirect.ts';
